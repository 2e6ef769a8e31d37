#!/usr/bin/env node
// The two commands of the README, on a fresh machine with only Node.js:
//   npm start   installs everything and starts the product
//   npm test    installs everything and runs every check and test, ending with "N passed, N failed"
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromiumVersion, ensureChromium } from './ensure-chromium.mjs';
import { failedTests, readCounts, sumCounts } from './results.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const PNPM_VERSION = '10.34.9';
const command = process.argv[2];

/**
 * pnpm 10 itself when present, else the pinned one through npx (pnpm 11+ breaks on Node 20).
 * @returns {[string, ...string[]]}
 */
function pnpmCommand() {
  try {
    const version = execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim();
    if (version.startsWith('10.')) return ['pnpm'];
  } catch {
    // not installed
  }
  return ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}

const [pnpmBin, ...pnpmPrefix] = pnpmCommand();
/**
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, buffered?: boolean }} [options]
 */
const pnpm = (args, options) => run(pnpmBin, [...pnpmPrefix, ...args], { cwd: root, ...options });
// Never let a dependency fetch a browser: the tests use the system Chromium.
const installEnv = { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1' };

async function install() {
  const code = await pnpm(['install', '--frozen-lockfile'], { env: installEnv });
  if (code !== 0) {
    console.error('Installing dependencies failed.');
    process.exit(code);
  }
}

async function start() {
  await install();
  // Build the SPA, then the API migrates the embedded database and serves everything on one port.
  const built = await pnpm(['--filter', '@studio/web', 'run', 'build']);
  if (built !== 0) process.exit(built);
  process.exit(
    await pnpm(['--filter', '@studio/api', 'run', 'start'], {
      env: { NODE_ENV: process.env['NODE_ENV'] ?? 'development' },
    }),
  );
}

async function test() {
  await install();
  const chromium = await ensureChromium();
  console.log(`Browser tests use ${chromium} (${chromiumVersion(chromium)}).`);

  const reports = path.join(root, 'test-results');
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });

  /** @type {{ name: string, code: number, seconds: number, counts: { passed: number, failed: number, skipped: number }, failures: string[] }[]} */
  const steps = [];
  /** A check without a report (typecheck, lint) counts as one test; a runner counts its tests. */
  /**
   * @param {string} name
   * @param {string[]} args
   * @param {{ report?: string, env?: NodeJS.ProcessEnv, buffered?: boolean }} [options]
   */
  const step = async (name, args, { report, env, buffered = false } = {}) => {
    if (!buffered) console.log(`\n━━ ${name} ━━`);
    const started = Date.now();
    const code = await pnpm(args, { env, buffered });
    const seconds = Math.round((Date.now() - started) / 1000);
    if (buffered) console.log(`(the output above is ${name}'s)`);
    let counts = report
      ? readCounts(report)
      : { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
    // A runner that exits non-zero with no failed test (it crashed) still fails the run.
    if (code !== 0 && counts.failed === 0) counts = { ...counts, failed: 1 };
    steps.push({ name, code, seconds, counts, failures: report ? failedTests(report) : [] });
  };

  // tsc and ESLint each keep one core busy: side by side they take the time of the slower one.
  console.log('\n━━ typecheck and lint (side by side; each log is printed when it ends) ━━');
  await Promise.all([
    step('typecheck', ['run', 'typecheck'], { buffered: true }),
    step('lint', ['run', 'lint'], { buffered: true }),
  ]);
  steps.sort((a, b) => (a.name === 'typecheck' ? -1 : b.name === 'typecheck' ? 1 : 0));
  const vitestReport = path.join(reports, 'vitest.json');
  await step(
    'unit tests (Vitest)',
    [
      'exec',
      'vitest',
      'run',
      // Vitest keeps one core free by default (one worker on a 2-core CI machine); the suites
      // spend much of their time waiting on PostgreSQL, SQLite and timers, so two overlap well.
      '--maxWorkers=2',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    { report: vitestReport },
  );
  const storiesReport = path.join(reports, 'stories.json');
  await step(
    'stories (Storybook test-runner: play functions, axe in six themes, visual snapshots)',
    ['run', 'test:stories', '--json', storiesReport],
    { report: storiesReport, env: { CHROMIUM_PATH: chromium } },
  );

  await step('web build and bundle-size report per route', ['run', 'build:web-report']);
  const e2eReport = path.join(reports, 'e2e.json');
  await step(
    'end-to-end (Playwright against the real server)',
    ['--filter', '@studio/web', 'exec', 'playwright', 'test'],
    {
      report: e2eReport,
      env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    },
  );

  const total = sumCounts(steps.map((s) => s.counts));
  console.log('\n━━ summary ━━');
  for (const s of steps) {
    console.log(
      `${s.code === 0 ? '✔' : '✘'} ${s.name}: ${s.counts.passed} passed, ${s.counts.failed} failed (${s.seconds} s)`,
    );
    for (const failure of s.failures.slice(0, 20)) console.log(`    ✘ ${failure}`);
    if (s.failures.length > 20) console.log(`    … and ${s.failures.length - 20} more`);
  }
  console.log(
    `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
  );
  process.exit(steps.some((s) => s.code !== 0) || total.failed > 0 ? 1 : 0);
}

if (command === 'start') await start();
else if (command === 'test') await test();
else {
  console.error('Usage: node packages/devtools/src/workspace.mjs start|test');
  process.exit(2);
}
