import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {testSummaryFile} from '../../lib/shards';
import type {Reporter, Suite, TestCase, TestResult, TestStep} from '@playwright/test/reporter';

/** 遅い順に出すスペックの数。 */
const SLOWEST_SPECS = 10;

type SpecSummary = {ms: number; tests: number; expects: number};

/**
 * テストを宣言したスペックのファイル（リポジトリーからの相対パス）。WebKit と Gecko のテストは
 * tests/engines/suite.ts の関数が作るので、location ではなく、読み込んだファイルの suite から取る。
 */
export function specFileOf(test: TestCase): string {
  let suite: Suite | undefined = test.parent;
  while (suite && suite.type !== 'file') suite = suite.parent;
  return path.relative(process.cwd(), suite?.location?.file ?? test.location.file);
}

/**
 * 最後に「N passed, N failed」の 1 行を出す。CI がテスト件数を読み取るため。
 * その前に、テストの時間（ワーカーの時間の合計）が長いスペックを 10 個と、確かめた expect の数を出す。
 * スイートが遅くなったときにどこを削るかを知り、検査をまとめても確かめる数が減っていないことを見るため。
 * スペックごとの数は .artifacts/test-summary.json に書く。
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private readonly specs = new Map<string, SpecSummary>();

  private entry(test: TestCase): SpecSummary {
    const spec = specFileOf(test);
    const key = `${spec} [${test.parent.project()?.name ?? ''}]`;
    let entry = this.specs.get(key);
    if (!entry) {
      entry = {ms: 0, tests: 0, expects: 0};
      this.specs.set(key, entry);
    }
    return entry;
  }

  onStepEnd(test: TestCase, _result: TestResult, step: TestStep): void {
    if (step.category === 'expect') this.entry(test).expects += 1;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') this.skipped += 1;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') {
      if (result.status === 'passed') this.passed += 1;
    } else if (result.retry === test.retries) this.failed += 1;
    const entry = this.entry(test);
    entry.ms += result.duration;
    entry.tests += 1;
  }

  onEnd(): void {
    const slowest = [...this.specs].sort(([, a], [, b]) => b.ms - a.ms).slice(0, SLOWEST_SPECS);
    if (slowest.length > 0) {
      console.log(`\n時間のかかったスペック（上位 ${slowest.length} 件、ワーカーの時間の合計）:`);
      for (const [spec, {ms, tests}] of slowest) {
        console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${tests} 件  ${spec}`);
      }
    }
    const expects = [...this.specs.values()].reduce((sum, spec) => sum + spec.expects, 0);
    console.log(
      `確かめた expect: ${expects} 回（スペックごとの数は ${path.relative(process.cwd(), testSummaryFile)}）`,
    );
    mkdirSync(path.dirname(testSummaryFile), {recursive: true});
    writeFileSync(testSummaryFile, JSON.stringify(Object.fromEntries(this.specs), null, 2));
    const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
    console.log(`\n${this.passed} passed, ${this.failed} failed${skipped}`);
  }
}
