import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedTests, readCounts, sumCounts } from './results.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'results-'));

describe('readCounts', () => {
  it('reads Jest/Vitest JSON reports', () => {
    const file = path.join(dir, 'ok.json');
    writeFileSync(
      file,
      JSON.stringify({ numPassedTests: 7, numFailedTests: 2, numPendingTests: 1 }),
    );
    expect(readCounts(file)).toEqual({ passed: 7, failed: 2, skipped: 1 });
  });
  it('counts a suite that failed to run', () => {
    const file = path.join(dir, 'crash.json');
    writeFileSync(
      file,
      JSON.stringify({ numPassedTests: 3, numFailedTests: 0, numRuntimeErrorTestSuites: 1 }),
    );
    expect(readCounts(file).failed).toBe(1);
  });
  it('reads Playwright JSON reports', () => {
    const file = path.join(dir, 'pw.json');
    writeFileSync(
      file,
      JSON.stringify({ stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 2 } }),
    );
    expect(readCounts(file)).toEqual({ passed: 6, failed: 1, skipped: 2 });
  });
  it('treats a missing or broken report as a failure', () => {
    expect(readCounts(path.join(dir, 'absent.json'))).toEqual({ passed: 0, failed: 1, skipped: 0 });
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{');
    expect(readCounts(file).failed).toBe(1);
  });
  it('adds up', () => {
    expect(
      sumCounts([
        { passed: 1, failed: 0, skipped: 2 },
        { passed: 3, failed: 1, skipped: 0 },
      ]),
    ).toEqual({
      passed: 4,
      failed: 1,
      skipped: 2,
    });
  });
});

describe('failedTests', () => {
  it('names failed Vitest/Jest tests with the first line of their error', () => {
    const file = path.join(dir, 'failed.json');
    writeFileSync(
      file,
      JSON.stringify({
        testResults: [
          {
            name: '/repo/a.test.ts',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'fine' },
              {
                status: 'failed',
                fullName: 'adds',
                failureMessages: ['\u001b[31mAssertionError: 1 !== 2\u001b[39m\n  at x'],
              },
            ],
          },
          {
            name: '/repo/b.test.ts',
            status: 'failed',
            message: 'Cannot find module',
            assertionResults: [],
          },
        ],
      }),
    );
    expect(failedTests(file)).toEqual([
      '/repo/a.test.ts › adds — AssertionError: 1 !== 2',
      '/repo/b.test.ts — Cannot find module',
    ]);
  });
  it('names failed Playwright specs with their describe titles', () => {
    const file = path.join(dir, 'pw-failed.json');
    writeFileSync(
      file,
      JSON.stringify({
        suites: [
          {
            title: 'e2e/pay.spec.ts',
            specs: [{ title: 'ok', ok: true }],
            suites: [
              {
                title: 'checkout',
                specs: [
                  {
                    title: 'pays',
                    ok: false,
                    tests: [{ results: [{ error: { message: 'Timeout 5000ms\nmore' } }] }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(failedTests(file)).toEqual(['e2e/pay.spec.ts › checkout › pays — Timeout 5000ms']);
  });
  it('is empty for a missing report', () => {
    expect(failedTests(path.join(dir, 'none.json'))).toEqual([]);
  });
});
