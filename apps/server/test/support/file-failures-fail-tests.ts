import { experimental_getRunnerTask, type Reporter, type TestModule } from 'vitest/node';

/**
 * For mutation runs. When a test file's `beforeAll` fails (say, a mutant stops the server from
 * starting), vitest skips every test and marks only the file failed. Stryker's vitest runner judges
 * a mutant by its failed tests and does not see a failed file (stryker-js #5492, #6150), so the
 * mutant would count as survived. This marks the skipped tests of a failed file as run and failed,
 * with the file's errors.
 */
export class FileFailuresFailTests implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    for (const testModule of testModules) {
      if (testModule.state() !== 'failed') continue;
      const errors = [...testModule.errors()];
      for (const testCase of testModule.children.allTests('skipped')) {
        const task = experimental_getRunnerTask(testCase);
        task.mode = 'run';
        task.result = { ...task.result, state: 'fail', errors };
      }
    }
  }
}
