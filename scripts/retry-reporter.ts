import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Names, after the run, every test that passed only on retry (CI retries once; see the package
 * vitest configs), so a flaky test is reported instead of hidden. The CI summary repeats these
 * lines.
 */
export default class RetryReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const { retryCount } = testCase.diagnostic() ?? { retryCount: 0 };
    if (retryCount > 0) {
      this.retried.push(
        `RETRIED ${testCase.project.name} ${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} > ${testCase.fullName} (retry x${retryCount}, ${testCase.result().state})`,
      );
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>) {
    if (this.retried.length > 0) {
      console.log(
        `\n${this.retried.length} test(s) ran more than once:\n${this.retried.join('\n')}`,
      );
    }
  }
}
