#!/usr/bin/env node
/**
 * Benchmark (not a test, not run by CI): Lighthouse's performance figures of a first visit.
 *
 *   npm run bench:lighthouse [-- --url http://127.0.0.1:8080] [--runs 3] [--pages /,/plans,/imagen]
 *                               [--form-factor mobile|desktop|both] [--no-build] [--json <file>]
 *
 * Without --url it builds the SPA (unless --no-build) and starts the API as `npm start` does
 * (NODE_ENV development, the sandbox models) on a free port with a throwaway data folder, and
 * stops it at the end. Each run opens the page in a fresh headless system Chromium (never a
 * downloaded one: CHROMIUM_PATH or /usr/bin/chromium, see chromium.mjs) with an empty profile,
 * in Lighthouse's default mobile profile (a mid-range phone on a slow 4G line, simulated) and in
 * its desktop preset, and prints per page the median of the runs: the performance score, first
 * and largest contentful paint, total blocking time, cumulative layout shift and speed index.
 *
 * The timings are simulated from the page's real trace, so they move with the CPU the machine
 * has left: run it on a quiet machine and compare medians, not single runs.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { pnpmCommand } from './pnpm.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/plans,/imagen' },
    'form-factor': { type: 'string', default: 'both' },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
const pages = values.pages.split(',').map((page) => page.trim());
/** @type {Record<string, ('mobile' | 'desktop')[]>} */
const formFactorChoices = { both: ['mobile', 'desktop'], mobile: ['mobile'], desktop: ['desktop'] };
const formFactors = formFactorChoices[values['form-factor']];
if (!formFactors) throw new Error('--form-factor must be mobile, desktop or both');

/** The figures printed per page, by their Lighthouse audit id. */
const metrics = /** @type {const} */ ([
  { id: 'first-contentful-paint', label: 'FCP', unit: 's' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 's' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  { id: 'speed-index', label: 'SI', unit: 's' },
]);

/** A port nothing listens on right now (the API is a separate process, so it cannot take 0). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * @param {string} url
 * @param {number} timeoutMs
 */
async function waitForOk(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Builds the SPA and starts the API serving it, as `npm start` does, on a fresh data folder.
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
async function startServer() {
  const [pnpmBin, ...pnpmPrefix] = pnpmCommand();
  if (!values['no-build']) {
    const built = await run(pnpmBin, [...pnpmPrefix, '--filter', '@studio/web', 'run', 'build'], {
      cwd: root,
      buffered: true,
    });
    if (built !== 0) throw new Error('Building the SPA failed.');
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ai-studio-lighthouse-'));
  const child = spawn(pnpmBin, [...pnpmPrefix, '--filter', '@studio/api', 'run', 'start'], {
    cwd: root,
    // Its log would interleave with the table; a failed start shows as the health wait's error.
    stdio: 'ignore',
    // Its own process group, so stopping it stops tsx and node under pnpm too.
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health`, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, stop };
}

const lighthouseCli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

/**
 * One Lighthouse run through its command line, which launches (with chrome-launcher's flags for
 * a clean measurement) and closes a fresh headless Chromium with an empty profile: the system
 * one, named by CHROME_PATH.
 * @param {string} url
 * @param {'mobile' | 'desktop'} formFactor
 * @returns {Promise<Record<string, number>>}
 */
async function measure(url, formFactor) {
  const chromium = findChromium();
  if (!chromium) {
    throw new Error(
      'No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH.',
    );
  }
  const scratch = await mkdtemp(path.join(tmpdir(), 'ai-studio-lighthouse-'));
  const report = path.join(scratch, 'report.json');
  try {
    const code = await run(
      process.execPath,
      [
        lighthouseCli,
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        `--chrome-flags=${['--headless', ...chromiumArgs].join(' ')}`,
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      ],
      { env: { CHROME_PATH: chromium }, buffered: true },
    );
    if (code !== 0) throw new Error(`Lighthouse failed on ${url} (exit code ${code})`);
    const lhr = /** @type {LighthouseResult} */ (JSON.parse(await readFile(report, 'utf8')));
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    /** @type {Record<string, number>} */
    const figures = { performance: Math.round((lhr.categories.performance?.score ?? 0) * 100) };
    for (const metric of metrics) {
      figures[metric.id] = lhr.audits[metric.id]?.numericValue ?? Number.NaN;
    }
    return figures;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The part of Lighthouse's JSON report read here.
 * @typedef {{
 *   runtimeError?: { message: string },
 *   categories: Record<string, { score: number | null } | undefined>,
 *   audits: Record<string, { numericValue?: number } | undefined>,
 * }} LighthouseResult
 */

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: a run is tried
 * up to three times before the benchmark gives up.
 * @param {string} url
 * @param {'mobile' | 'desktop'} formFactor
 */
async function measureWithRetries(url, formFactor) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, formFactor);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(
        `  (${url}, ${formFactor}: ${error instanceof Error ? error.message : error}; again)`,
      );
    }
  }
}

/** @param {number[]} numbers */
function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/**
 * @param {number} value
 * @param {string} unit
 */
function format(value, unit) {
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

/** @param {number[]} values */
const range = (values) => `${Math.min(...values)}–${Math.max(...values)}`;

const server = values.url
  ? { origin: values.url.replace(/\/$/, ''), stop: async () => {} }
  : await startServer();
/** @type {{ formFactor: string, page: string, runs: Record<string, number>[] }[]} */
const results = [];
try {
  console.log(
    `Lighthouse against ${server.origin}, ${runs} run(s) per page, medians (performance: all runs).`,
  );
  for (const formFactor of formFactors) {
    console.log(`\n${formFactor}`);
    console.log(
      `  ${'page'.padEnd(10)} ${'perf'.padEnd(13)} ${metrics.map((m) => m.label.padStart(9)).join(' ')}`,
    );
    for (const page of pages) {
      /** @type {Record<string, number>[]} */
      const pageRuns = [];
      for (let index = 0; index < runs; index += 1) {
        pageRuns.push(await measureWithRetries(`${server.origin}${page}`, formFactor));
      }
      results.push({ formFactor, page, runs: pageRuns });
      const scores = pageRuns.map((figures) => figures['performance'] ?? 0);
      const cells = metrics.map((metric) =>
        format(
          median(pageRuns.map((figures) => figures[metric.id] ?? Number.NaN)),
          metric.unit,
        ).padStart(9),
      );
      console.log(
        `  ${page.padEnd(10)} ${`${median(scores)} (${range(scores)})`.padEnd(13)} ${cells.join(' ')}`,
      );
    }
  }
  if (values.json) {
    await writeFile(
      path.resolve(process.env['INIT_CWD'] ?? process.cwd(), values.json),
      JSON.stringify(results, null, 2),
    );
  }
} finally {
  await server.stop();
}
