import type {Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/** 最後に「N passed, N failed」の 1 行を出す。CI がテスト件数を読み取るため。 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') this.skipped += 1;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') {
      if (result.status === 'passed') this.passed += 1;
    } else if (result.retry === test.retries) this.failed += 1;
  }

  onEnd(): void {
    const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
    console.log(`\n${this.passed} passed, ${this.failed} failed${skipped}`);
  }
}
