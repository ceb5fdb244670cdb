// Ends each Vitest run with one plain line, "<project>: N passed, N failed, N skipped",
// that CI logs and people can read at a glance.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const projects = new Set<string>();
    for (const module of testModules) {
      projects.add(module.project.name || 'tests');
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
    }
    const label = [...projects].join('+') || 'tests';
    console.log(`\n${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
