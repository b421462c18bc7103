import path from 'node:path';
import type {Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/** 遅い順に出すスペックの数。 */
const SLOWEST_SPECS = 10;

/**
 * 最後に「N passed, N failed」の 1 行を出す。CI がテスト件数を読み取るため。
 * その前に、テストの時間（ワーカーの時間の合計）が長いスペックを 10 個出す。スイートが遅くなったときに、どこを削るかを知るため。
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private readonly specTime = new Map<string, {ms: number; tests: number}>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') this.skipped += 1;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') {
      if (result.status === 'passed') this.passed += 1;
    } else if (result.retry === test.retries) this.failed += 1;
    const spec = path.relative(process.cwd(), test.location.file);
    const key = `${spec} [${test.parent.project()?.name ?? ''}]`;
    const entry = this.specTime.get(key) ?? {ms: 0, tests: 0};
    this.specTime.set(key, {ms: entry.ms + result.duration, tests: entry.tests + 1});
  }

  onEnd(): void {
    const slowest = [...this.specTime].sort(([, a], [, b]) => b.ms - a.ms).slice(0, SLOWEST_SPECS);
    if (slowest.length > 0) {
      console.log(`\n時間のかかったスペック（上位 ${slowest.length} 件、ワーカーの時間の合計）:`);
      for (const [spec, {ms, tests}] of slowest) {
        console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${tests} 件  ${spec}`);
      }
    }
    const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
    console.log(`\n${this.passed} passed, ${this.failed} failed${skipped}`);
  }
}
