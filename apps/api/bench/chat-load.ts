/**
 * Benchmark (not a test, not run by CI): many people starting a streamed reply at the same moment.
 *
 *   npm run bench:chat-load [-- --concurrency 200] [--signed-in 0] [--rounds 3] [--idle-seconds 10]
 *                              [--log-level info] [--node-arg=--cpu-prof ...] [--heap-snapshot <dir>]
 *                              [--keep] [--production]
 *
 * Starts the API as the product runs it (a child process: node with tsx, NODE_ENV development,
 * a throwaway SQLite database; with --production, the compiled server of the production tree,
 * `npm run build:prod`, with NODE_ENV production) on the in-process sandbox model, with rate
 * limits and daily quotas raised out of the way. Then, per round, fires `concurrency` streamed
 * chat requests (POST /api/chat/stream) through real HTTP at once, each on its own connection
 * like separate browsers: visitors, and `--signed-in` of them as signed-in users (each signed in beforehand
 * with an e-mailed code read from the development mailbox; their requests start conversations, so
 * they also write to the database). It reports, per round, the time to the first `delta` event
 * (min/p10/p50/p95/max), the time to `done`, errors, and the API process's resident memory: when it is
 * ready, its peak, and once idle again; and the CPU time the API spent on the round (less noisy
 * than the latencies on a busy machine), beside this benchmark's own (its 200 clients share the
 * machine's cores with the API). A few lone requests first give the unloaded figure.
 *
 * Profiling: pass Node flags to the API process, e.g.
 *   --node-arg=--cpu-prof --node-arg=--cpu-prof-dir=/tmp/prof   (written when the API exits)
 *   --node-arg=--heap-prof --node-arg=--heap-prof-dir=/tmp/prof
 *   --heap-snapshot /tmp/prof   (a heap snapshot of the idle API after the last round: what stays)
 * The API's log (JSON lines, at --log-level) is kept in the scratch folder with --keep.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '200' },
    'signed-in': { type: 'string', default: '0' },
    rounds: { type: 'string', default: '3' },
    'idle-seconds': { type: 'string', default: '10' },
    'log-level': { type: 'string', default: 'info' },
    'node-arg': { type: 'string', multiple: true, default: [] },
    'heap-snapshot': { type: 'string' },
    keep: { type: 'boolean', default: false },
    production: { type: 'boolean', default: false },
  },
});

const wholeNumber = (name: string, minimum: number) => {
  const value = Number(values[name as keyof typeof values]);
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`--${name} must be a whole number of at least ${minimum}`);
  }
  return value;
};
const concurrency = wholeNumber('concurrency', 1);
const signedInCount = wholeNumber('signed-in', 0);
const rounds = wholeNumber('rounds', 1);
const idleSeconds = wholeNumber('idle-seconds', 0);
if (signedInCount > concurrency) throw new Error('--signed-in cannot exceed --concurrency');

const apiDir = path.resolve(import.meta.dirname, '..');

/** A port nothing listens on right now (the API is a separate process, so it cannot take 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

// npm runs scripts in apps/api; INIT_CWD is where the person typed, so the folder resolves there.
const invokedFrom = process.env['INIT_CWD'] ?? process.cwd();
const heapSnapshotDir = values['heap-snapshot']
  ? path.resolve(invokedFrom, values['heap-snapshot'])
  : null;
if (heapSnapshotDir) mkdirSync(heapSnapshotDir, { recursive: true });
const nodeArgs = [
  ...values['node-arg'],
  ...(heapSnapshotDir
    ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapSnapshotDir}`]
    : []),
];

/** CPU time (user + system) a process has used so far, in ms; null where /proc is missing. */
function cpuMsOf(pid: number): number | null {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return null;
  }
}
const clockTicksPerSecond = 100;

/** Resident memory of a process in bytes: /proc on Linux, `ps` elsewhere. */
function rssOf(pid: number): number | null {
  try {
    if (process.platform === 'linux') {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      return kb === undefined ? null : Number(kb) * 1024;
    }
    const kb = execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const scratch = await mkdtemp(path.join(tmpdir(), 'studio-chat-load-'));
const logFile = path.join(scratch, 'api.log');
const log = createWriteStream(logFile);

// The product's way from its sources (`pnpm --filter @studio/api start` runs `tsx src/server.ts`),
// minus tsx's own watcher process, so the pid measured and profiled is the API itself; or, with
// --production, the compiled server of the production tree as a deployment starts it.
const productionServer = path.resolve(apiDir, '../../dist/production/apps/api/dist/server.js');
if (values.production && !existsSync(productionServer)) {
  throw new Error(
    `No production tree at ${productionServer}: build it first with npm run build:prod.`,
  );
}
const secret = () => randomBytes(32).toString('base64');
const api = spawn(
  process.execPath,
  values.production
    ? [...nodeArgs, '--enable-source-maps', productionServer]
    : [...nodeArgs, '--import', 'tsx', 'src/server.ts'],
  {
    cwd: apiDir,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? tmpdir(),
      NODE_ENV: values.production ? 'production' : 'development',
      ...(values.production
        ? {
            AUTH_SECRET: secret(),
            CSRF_SECRET: secret(),
            METRICS_TOKEN: secret(),
            ALLOW_SANDBOX_IN_PRODUCTION: 'true',
          }
        : {}),
      HOST: '127.0.0.1',
      PORT: String(port),
      // Production accepts plain http for localhost only (passkeys' origins).
      PUBLIC_URL: values.production ? `http://localhost:${port}` : origin,
      DATA_DIR: scratch,
      LOG_LEVEL: values['log-level'],
      IDENTITY_PROVIDER: 'none',
      // No geolocation lookups leave the machine.
      GEOLOCATION_SERVICES: 'http://127.0.0.1:9/json/{ip}',
      CHAT_MODELS: JSON.stringify([
        { id: 'sandbox', name: 'Sandbox model', provider: 'sandbox', model: 'sandbox' },
      ]),
      // The highest values the configuration accepts.
      CHAT_DAILY_LIMIT_VISITOR: '1000000',
      CHAT_DAILY_LIMIT_FREE: '1000000',
      RATE_LIMIT_API_MAX: '1000000',
      RATE_LIMIT_AUTH_MAX: '100000',
      // Every simulated browser comes from this one address, which counts as one caller.
      EVENT_STREAMS_PER_CALLER: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
api.stdout.pipe(log);
api.stderr.pipe(log);
const exited = new Promise<number | null>((resolve) => api.once('exit', (code) => resolve(code)));
const apiPid = api.pid;
if (apiPid === undefined) throw new Error('the API did not start');

/** RSS samples every 100 ms for the whole run. */
const samples: { at: number; rss: number }[] = [];
const sampler = setInterval(() => {
  const rss = rssOf(apiPid);
  if (rss !== null) samples.push({ at: performance.now(), rss });
}, 100);
const peakBetween = (from: number, to: number) =>
  Math.max(0, ...samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss));

// Enough sockets for everyone at once; each request opens its own, like separate browsers.
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

interface Answer {
  status: number;
  body: string;
}
function request(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${origin}${url}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitUntilReady() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) break;
    try {
      if ((await request('GET', '/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
  throw new Error(`the API did not become ready; the end of its log:\n${tail}`);
}

const sessionAnswer = z.object({ accessToken: z.string() });
const mailboxAnswer = z.object({ messages: z.array(z.object({ text: z.string() })) });

/** Signs a user in with an e-mailed code (the account is made on first use); the bearer token. */
async function signIn(email: string): Promise<string> {
  const requested = await request('POST', '/api/auth/request-code', { email });
  if (requested.status !== 202) throw new Error(`request-code: ${requested.status}`);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mailbox = await request('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const text = mailboxAnswer.parse(JSON.parse(mailbox.body)).messages[0]?.text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (code) {
      const verified = await request('POST', '/api/auth/verify-code', { email, code });
      if (verified.status !== 200) throw new Error(`verify-code: ${verified.status}`);
      return sessionAnswer.parse(JSON.parse(verified.body)).accessToken;
    }
    await sleep(50);
  }
  throw new Error(`no sign-in code reached ${email}`);
}

interface Timing {
  firstToken: number | null;
  total: number;
  error: string | null;
}

/** One streamed chat request, timed from the moment it is sent. */
function streamChat(message: string, bearer: string | null): Promise<Timing> {
  return new Promise((resolve) => {
    const started = performance.now();
    let firstToken: number | null = null;
    let done = false;
    let failure: string | null = null;
    const finish = (error: string | null) =>
      resolve({ firstToken, total: performance.now() - started, error: error ?? failure });
    const payload = JSON.stringify({ Message: message, ModelId: 'sandbox' });
    const req = http.request(
      `${origin}/api/chat/stream`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', () => finish(`HTTP ${res.statusCode}`));
          return;
        }
        let buffered = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffered += chunk;
          let end = buffered.indexOf('\n\n');
          while (end !== -1) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            if (frame.startsWith('event: delta')) firstToken ??= performance.now() - started;
            else if (frame.startsWith('event: done')) done = true;
            else if (frame.startsWith('event: error')) failure = frame.slice(0, 200);
            end = buffered.indexOf('\n\n');
          }
        });
        res.on('end', () => finish(done ? null : (failure ?? 'stream ended without done')));
        res.on('error', (error) => finish(error.message));
      },
    );
    req.on('error', (error) => finish(error.message));
    req.end(payload);
  });
}

/** Nearest-rank percentile. */
function percentile(list: number[], p: number): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;
const spread = (list: number[]) =>
  list.length === 0
    ? 'none'
    : `min ${ms(Math.min(...list))}  p10 ${ms(percentile(list, 10))}  p50 ${ms(percentile(list, 50))}  p95 ${ms(percentile(list, 95))}  max ${ms(Math.max(...list))}`;

let exitCode = 0;
try {
  const bootStarted = performance.now();
  await waitUntilReady();
  console.log(
    `API ready in ${ms(performance.now() - bootStarted)} (pid ${apiPid}, ${origin}, log level ${values['log-level']}), RSS ${mb(rssOf(apiPid) ?? 0)}`,
  );

  const tokens: string[] = [];
  for (let index = 0; index < signedInCount; index += 1) {
    tokens.push(await signIn(`bench.${index}.${Date.now()}@example.com`));
  }
  if (signedInCount > 0) console.log(`${signedInCount} users signed in`);

  const alone: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    const timing = await streamChat(`Warm-up question number ${index}`, null);
    if (timing.error !== null) throw new Error(`a lone request failed: ${timing.error}`);
    if (timing.firstToken !== null) alone.push(timing.firstToken);
  }
  console.log(`alone (5 in a row): first token ${spread(alone)}`);
  console.log(`RSS before the first round: ${mb(rssOf(apiPid) ?? 0)}`);

  for (let round = 1; round <= rounds; round += 1) {
    const before = rssOf(apiPid) ?? 0;
    const cpuBefore = cpuMsOf(apiPid);
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    const timings = await Promise.all(
      Array.from({ length: concurrency }, (_, index) =>
        streamChat(
          `Round ${round}, person ${index}: what should I see in Hanoi?`,
          index < signedInCount ? (tokens[index] ?? null) : null,
        ),
      ),
    );
    const ended = performance.now();
    const cpuAfter = cpuMsOf(apiPid);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    await sleep(idleSeconds * 1000);
    const idle = rssOf(apiPid) ?? 0;
    const errors = timings.filter((timing) => timing.error !== null);
    const firsts = timings.flatMap((timing) =>
      timing.firstToken === null ? [] : [timing.firstToken],
    );
    console.log(
      `round ${round}: ${concurrency} at once (${signedInCount} signed in): first token ${spread(firsts)}`,
    );
    console.log(
      `         complete reply ${spread(timings.map((timing) => timing.total))}, all done in ${ms(ended - started)}, errors ${errors.length}`,
    );
    if (cpuBefore !== null && cpuAfter !== null) {
      console.log(
        `         API CPU time ${ms(cpuAfter - cpuBefore)} (this benchmark's own: ${ms((clientCpu.user + clientCpu.system) / 1000)})`,
      );
    }
    console.log(
      `         RSS before ${mb(before)}, peak ${mb(peakBetween(started, ended))}, idle ${idleSeconds} s after ${mb(idle)}`,
    );
    for (const error of new Set(errors.map((timing) => timing.error)))
      console.log(`         error: ${error}`);
    if (errors.length > 0) exitCode = 1;
  }
  if (heapSnapshotDir) {
    const count = () =>
      readdirSync(heapSnapshotDir).filter((name) => name.endsWith('.heapsnapshot')).length;
    const existing = count();
    api.kill('SIGUSR2');
    while (count() === existing) await sleep(200);
    // The snapshot is written on the API's main thread: once it answers again, the file is whole.
    await request('GET', '/api/health');
    console.log(`heap snapshot written to ${heapSnapshotDir}`);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  clearInterval(sampler);
  agent.destroy();
  // SIGINT: the API closes gracefully, so --cpu-prof/--heap-prof files get written.
  api.kill('SIGINT');
  await exited;
  log.end();
  if (values.keep) console.log(`kept ${scratch} (api.log, database)`);
  else await rm(scratch, { recursive: true, force: true });
}
process.exit(exitCode);
