#!/usr/bin/env node
// The two commands of the README, on a fresh machine with only Node.js:
//   npm start   installs everything and starts the product
//   npm test    installs everything and runs every check and test, ending with "N passed, N failed"
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromiumVersion, ensureChromium } from './ensure-chromium.mjs';
import { ensureDebianPackage } from './ensure-debian-package.mjs';
import { ensureRedis } from './ensure-redis.mjs';
import { pnpmCommand } from './pnpm.mjs';
import { failedTests, readCounts, sumCounts } from './results.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const command = process.argv[2];

const [pnpmBin, ...pnpmPrefix] = pnpmCommand();
/**
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, buffered?: boolean }} [options]
 */
const pnpm = (args, options) => run(pnpmBin, [...pnpmPrefix, ...args], { cwd: root, ...options });
/**
 * pnpm at a lower CPU priority (nice 10): for the checks and builds that only need CPU, beside
 * suites whose tests wait on real clocks (the API suites' workers and timeouts, the processes
 * behind nginx), which then get the cores first instead of a fifth of them.
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, buffered?: boolean }} [options]
 */
const nicePnpm = (args, options) =>
  run('nice', ['-n', '10', pnpmBin, ...pnpmPrefix, ...args], { cwd: root, ...options });
// Never let a dependency fetch a browser: the tests use the system Chromium.
const installEnv = { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1' };

async function install() {
  const code = await pnpm(['install', '--frozen-lockfile'], { env: installEnv });
  if (code !== 0) {
    console.error('Installing dependencies failed.');
    process.exit(code);
  }
}

/** Debian's nginx, in front of two production processes in the multi-instance suite. */
const nginx = {
  command: 'nginx',
  debianPackage: 'nginx',
  why: 'the multi-instance suite runs the product behind it',
};

/** Debian's lame, which encodes the MP3s (music, speech) several times faster than lamejs. */
const lame = {
  command: 'lame',
  debianPackage: 'lame',
  why: 'it encodes MP3s several times faster than the bundled lamejs',
};

async function start() {
  await install();
  // Optional for the product: without it the bundled lamejs encodes (the API logs which).
  const lamePath = await ensureDebianPackage(lame);
  if (!lamePath) {
    console.log(
      'MP3s will be encoded by the bundled lamejs: install Debian’s lame (apt-get install lame) for faster music and speech.',
    );
  }
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
  // The API tests encode with both MP3 encoders, and fail (never skip) without lame.
  const lamePath = await ensureDebianPackage(lame);
  console.log(
    lamePath
      ? `MP3 tests use ${lamePath}.`
      : 'lame is missing and could not be installed here: its MP3 tests will fail (apt-get install lame).',
  );
  console.log(`Browser tests use ${chromium} (${chromiumVersion(chromium)}).`);
  // The multi-instance suite fails (never skips) without it, saying how to install it.
  const nginxPath = await ensureDebianPackage(nginx);
  console.log(
    nginxPath
      ? `The multi-instance suite uses ${nginxPath}.`
      : 'nginx is missing and could not be installed here: the multi-instance suite will fail (apt-get install nginx).',
  );
  // The queue, the shared limits and the compiled server's test use the machine's Redis.
  try {
    console.log(`Redis on 127.0.0.1:6379: ${await ensureRedis()}.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  const reports = path.join(root, 'test-results');
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });

  /** @type {{ name: string, code: number, seconds: number, counts: { passed: number, failed: number, skipped: number }, failures: string[] }[]} */
  const steps = [];
  /** @type {string[]} */
  const started = [];
  /** A check without a report (typecheck, lint) counts as one test; a runner counts its tests. */
  /**
   * @param {string} name
   * @param {string[]} args
   * @param {{ report?: string, env?: NodeJS.ProcessEnv, buffered?: boolean, yielding?: boolean }} [options]
   */
  const step = async (name, args, { report, env, buffered = false, yielding = false } = {}) => {
    if (!buffered) console.log(`\n━━ ${name} ━━`);
    // The summary lists the steps in the order they started, whichever ended first.
    const order = started.length;
    started.push(name);
    const startedAt = Date.now();
    const code = await (yielding ? nicePnpm : pnpm)(args, { env, buffered });
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    if (buffered) console.log(`(the output above is ${name}'s)`);
    let counts = report
      ? readCounts(report)
      : { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
    // A runner that exits non-zero with no failed test (it crashed) still fails the run.
    if (code !== 0 && counts.failed === 0) counts = { ...counts, failed: 1 };
    steps[order] = { name, code, seconds, counts, failures: report ? failedTests(report) : [] };
  };

  const chromiumEnv = { CHROMIUM_PATH: chromium };
  /** Vitest over some projects, with its JSON report for the counts. */
  const vitest = (
    /** @type {string} */ name,
    /** @type {string[]} */ projects,
    buffered = false,
  ) => {
    const report = path.join(reports, `vitest-${name.replace(/\W+/g, '-')}.json`);
    return step(
      `unit tests: ${name} (Vitest)`,
      [
        'exec',
        'vitest',
        'run',
        ...projects.map((project) => `--project=${project}`),
        '--maxWorkers=2',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { report, buffered },
    );
  };

  /*
   * The order is chosen for a 2-core machine (CI's), where the total is bounded by CPU time:
   *  1. What waits more than it computes, beside what takes one core each: the API suites (real
   *     SQLite and PostgreSQL, timers, sockets: ~1 core on average), tsc, ESLint, the two
   *     builds the browser steps serve (the SPA for end-to-end, the static Storybook), and the
   *     production tree (build-production.mjs, as the Dockerfile runs it) with the test that
   *     starts it with plain node.
   *  2. The jsdom suites, which keep both cores busy on their own (beside the API suites' last
   *     minutes they were slow enough to miss their 5 s waits for a lazy route's first render).
   *  3. The stories, then the end-to-end tests: each drives Chromium on both cores, and a story
   *     or a page racing another browser for the CPU is how timing-dependent failures start.
   * Logs of steps that run side by side are printed whole when each ends.
   */
  const productionReport = path.join(reports, 'vitest-production.json');
  const deploymentReport = path.join(reports, 'e2e-deployment.json');
  console.log(
    '\n━━ typecheck, lint, API tests, web build, Storybook build, design system packages, production build (side by side; each log is printed when it ends) ━━',
  );
  await Promise.all([
    // tsc, ESLint and the two builds yield the CPU (nice) to the API suites beside them, whose
    // tests wait on real clocks (an OCR job under 15 s, a worker killed after its timeout).
    step('typecheck', ['run', 'typecheck'], { buffered: true, yielding: true }),
    step('lint', ['run', 'lint'], { buffered: true, yielding: true }),
    vitest('API on SQLite and PostgreSQL', ['api'], true),
    step('web build and bundle-size report per route', ['run', 'build:web-report'], {
      buffered: true,
      yielding: true,
    }),
    // The static Storybook is the design review site: the stories step serves it, and its own
    // check (pages, links, docs drawn in Chromium) packs it as an artefact.
    (async () => {
      await step('Storybook build', ['run', 'build-storybook'], { buffered: true, yielding: true });
      await step(
        'design review site: its pages, every link between them, docs drawn in Chromium, packed',
        ['run', 'check:design-site'],
        { buffered: true, yielding: true, env: chromiumEnv },
      );
    })(),
    // The packages as another product gets them, then that product (examples/consumer).
    (async () => {
      await step(
        'design system packages: built, packed, publint, types for ES modules, size per component',
        ['run', 'check:packages'],
        { buffered: true, yielding: true },
      );
      await step(
        'a product outside the monorepo on the packed packages: types, build, server rendering, Chromium, axe',
        ['run', 'check:consumer'],
        { buffered: true, yielding: true, env: chromiumEnv },
      );
    })(),
    // The production tree, then what runs it: the compiled server's own test, and two of its
    // processes behind nginx in Chromium (the one browser step of this phase: it starts once
    // the build is done, beside the API suites' last minutes).
    (async () => {
      await step(
        'production build, and the compiled server on PostgreSQL, Redis and S3 (Vitest)',
        [
          'run',
          'test:production',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${productionReport}`,
        ],
        { report: productionReport, buffered: true },
      );
      await step(
        'two production processes behind nginx (Playwright)',
        [
          '--filter',
          '@studio/web',
          'exec',
          'playwright',
          'test',
          '-c',
          'playwright.deployment.config.ts',
        ],
        {
          report: deploymentReport,
          env: { ...chromiumEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: deploymentReport },
          buffered: true,
        },
      );
    })(),
  ]);
  await vitest('web, design system, contracts, sandbox, tooling', ['!api']);
  const storiesReport = path.join(reports, 'stories.json');
  await step(
    'stories (Storybook test-runner: play functions, axe in six themes, visual snapshots)',
    ['run', 'test:stories', '--no-build', '--json', storiesReport],
    { report: storiesReport, env: chromiumEnv },
  );
  const e2eReport = path.join(reports, 'e2e.json');
  await step(
    'end-to-end (Playwright against the real server)',
    ['--filter', '@studio/web', 'exec', 'playwright', 'test'],
    {
      report: e2eReport,
      env: { ...chromiumEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
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
