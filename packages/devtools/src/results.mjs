import { existsSync, readFileSync } from 'node:fs';

/**
 * Reads a Jest or Vitest JSON report (numPassedTests/numFailedTests) or a Playwright one
 * (stats.expected/unexpected/flaky/skipped).
 * A missing or unreadable report counts as one failure: a runner that crashed before writing it
 * must not look like a clean run.
 * @param {string} file
 * @returns {{ passed: number, failed: number, skipped: number }}
 */
export function readCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (report.stats && typeof report.stats.expected === 'number') {
      return {
        passed: Number(report.stats.expected) + Number(report.stats.flaky ?? 0),
        failed: Number(report.stats.unexpected ?? 0),
        skipped: Number(report.stats.skipped ?? 0),
      };
    }
    return {
      passed: Number(report.numPassedTests ?? 0),
      failed: Number(report.numFailedTests ?? 0) + Number(report.numRuntimeErrorTestSuites ?? 0),
      skipped: Number(report.numPendingTests ?? 0) + Number(report.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/**
 * @param {{ passed: number, failed: number, skipped: number }[]} counts
 */
export function sumCounts(counts) {
  return counts.reduce(
    (total, c) => ({
      passed: total.passed + c.passed,
      failed: total.failed + c.failed,
      skipped: total.skipped + c.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}
