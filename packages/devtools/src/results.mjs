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

/**
 * @param {unknown} text
 * @returns {string}
 */
function firstLine(text) {
  const line = String(text ?? '')
    // Runner output is coloured; the summary is read in plain logs.
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  return (line ?? '').slice(0, 300);
}

/**
 * The failed tests of a Jest/Vitest or Playwright JSON report, as "file › name — first line of
 * the error". CI shows only the end of a long log, so the summary repeats them there.
 * @param {string} file
 * @returns {string[]}
 */
export function failedTests(file) {
  if (!existsSync(file)) return [];
  /** @type {any} */
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  /** @type {string[]} */
  const failed = [];
  if (Array.isArray(report.testResults)) {
    for (const suite of report.testResults) {
      const name = String(suite.name ?? suite.testFilePath ?? '');
      const assertions = Array.isArray(suite.assertionResults) ? suite.assertionResults : [];
      for (const test of assertions) {
        if (test.status !== 'failed') continue;
        failed.push(
          `${name} › ${test.fullName ?? test.title} — ${firstLine(test.failureMessages?.[0])}`,
        );
      }
      if (
        assertions.every((/** @type {any} */ t) => t.status !== 'failed') &&
        suite.status === 'failed'
      ) {
        failed.push(`${name} — ${firstLine(suite.message ?? suite.failureMessage)}`);
      }
    }
  }
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.ok !== false) continue;
      const error = spec.tests
        ?.flatMap((/** @type {any} */ t) => t.results ?? [])
        .find((/** @type {any} */ r) => r.error)?.error;
      failed.push(`${[...here, spec.title].join(' › ')} — ${firstLine(error?.message)}`);
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  if (Array.isArray(report.suites)) for (const suite of report.suites) walk(suite, []);
  return failed;
}
