// Ends each Vitest run with plain lines that CI logs and people can read at a glance: where the
// files' time went, "<project> time: N s in files, N s in tests, N s around them (stacks, hooks)",
// then "<project>: N passed, N failed, N skipped" (always the last line).
import type { Reporter, TestModule } from 'vitest/node';

const seconds = (ms: number) => Math.round(ms / 1000);

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const projects = new Set<string>();
    // A file's duration is its tests plus its hooks: the rest is mostly starting its stack.
    const time = { files: 0, tests: 0, slowestRest: 0, slowestFile: '' };
    for (const module of testModules) {
      projects.add(module.project.name || 'tests');
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++;
      let inTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
        inTests += test.diagnostic()?.duration ?? 0;
      }
      const inFile = module.diagnostic().duration;
      time.files += inFile;
      time.tests += inTests;
      if (inFile - inTests > time.slowestRest) {
        time.slowestRest = inFile - inTests;
        time.slowestFile = module.moduleId.split('/').slice(-2).join('/');
      }
    }
    const label = [...projects].join('+') || 'tests';
    if (testModules.length > 0) {
      console.log(
        `\n${label} time: ${seconds(time.files)} s in ${testModules.length} files, ${seconds(time.tests)} s in tests, ` +
          `${seconds(time.files - time.tests)} s around them (stacks, hooks); ` +
          `at most ${Math.round(time.slowestRest / 100) / 10} s in ${time.slowestFile}`,
      );
    }
    console.log(`\n${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
