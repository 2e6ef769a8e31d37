/**
 * Benchmark (not a test, not run by CI): many streamed replies at once across a deployment of
 * two production processes behind nginx, then the same with one process killed in the middle.
 *
 *   npm run bench:deployment-load [-- --concurrency 200] [--words 100] [--latency 200] [--gap 20]
 *                                    [--kill-after 1000] [--kill-only]
 *
 * Needs the production tree (`node packages/devtools/src/build-production.mjs`), nginx,
 * PostgreSQL and Redis, as the deployment suites do (apps/api/test/deployment/deployment.ts
 * starts the same deployment). The model is a fake OpenAI-compatible upstream on loopback with a
 * fixed latency before its first word (`--latency` ms) and a fixed pace after (`--gap` ms a
 * word, `--words` words), so what is measured is the product, not a model.
 *
 * Each of `--concurrency` visitors (a key each, a connection each, like separate browsers) sends
 * one message through nginx and reads the reply as the SPA does: when the connection breaks
 * before the reply's last event, it follows the reply again (GET /api/chat/replies/{id}/events
 * with Last-Event-ID, through nginx, so on whichever process answers) after the same waits as
 * the SPA. Reported per round: errors, replies complete and whole, replies ended interrupted
 * (saved as far as they got), replies lost (no last event) or truncated (complete but not the
 * upstream's whole text), time to first token (p50/p95), when the last events came, and each
 * process's peak memory. Two rounds with both processes (the first meets them cold), then one
 * that kills a process (SIGKILL) `--kill-after` ms after the requests are sent.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { type Deployment, type Instance, startDeployment } from '../test/deployment/deployment.ts';
import { startFakeUpstream } from '../test/support/fake-upstreams.ts';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '200' },
    words: { type: 'string', default: '100' },
    latency: { type: 'string', default: '200' },
    gap: { type: 'string', default: '20' },
    'kill-after': { type: 'string', default: '1000' },
    /** Only the round with a process killed. */
    'kill-only': { type: 'boolean', default: false },
  },
});
const whole = (name: Exclude<keyof typeof values, 'kill-only'>, minimum: number) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`--${name} must be a whole number of at least ${minimum}`);
  }
  return value;
};
const concurrency = whole('concurrency', 1);
const words = whole('words', 1);
const latencyMs = whole('latency', 0);
const gapMs = whole('gap', 0);
const killAfterMs = whole('kill-after', 0);

/** The waits before each new follow of a broken reply: the SPA's (streamChat.ts). */
const resumeDelaysMs = [250, 1000, 2000, 4000];

const pieces = Array.from({ length: words }, (_, index) => `word${index + 1} `);
const wholeText = pieces.join('');

interface Outcome {
  /** done, stopped, error:<code>, lost (no last event), refused:<status>, failed (no answer). */
  ending: string;
  text: string;
  firstTokenMs: number | null;
  /** When its last event came (or it gave up). */
  endMs: number;
  follows: number;
}

interface Frame {
  event: string;
  id: number | null;
  data: string;
}

/** One HTTP request on a connection of its own; the frames of its event stream as they come. */
function streamRequest(
  url: URL,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: string | null,
  onFrame: (frame: Frame) => void,
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          accept: 'text/event-stream',
          ...(body === null ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let buffered = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffered += chunk;
          let end = buffered.indexOf('\n\n');
          while (end !== -1) {
            const raw = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            end = buffered.indexOf('\n\n');
            const event = /^event: (.+)$/m.exec(raw)?.[1];
            const data = /^data: (.+)$/m.exec(raw)?.[1];
            const id = /^id: (\d+)$/m.exec(raw)?.[1];
            if (event && data) onFrame({ event, data, id: id === undefined ? null : Number(id) });
          }
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('aborted', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

async function oneReply(origin: string): Promise<Outcome> {
  const started = performance.now();
  const outcome = await followedToItsEnd(origin);
  return { ...outcome, endMs: performance.now() - started };
}

async function followedToItsEnd(origin: string): Promise<Outcome> {
  const key = randomBytes(32).toString('base64url').slice(0, 43);
  const headers = { 'x-visitor-key': key };
  const sent = performance.now();
  const outcome: Outcome = { ending: 'lost', text: '', firstTokenMs: null, endMs: 0, follows: 0 };
  let replyId: string | null = null;
  let last = 0;
  let ended = false;
  const onFrame = (frame: Frame) => {
    if (frame.id !== null) last = frame.id;
    const data = JSON.parse(frame.data) as Record<string, unknown>;
    if (frame.event === 'start') replyId = String(data['assistantMessageId']);
    if (frame.event === 'delta') {
      outcome.firstTokenMs ??= performance.now() - sent;
      outcome.text += String(data['text']);
    }
    if (frame.event === 'done' || frame.event === 'stopped' || frame.event === 'error') {
      ended = true;
      outcome.ending =
        frame.event === 'error' ? `error:${String(data['code'] ?? 'none')}` : frame.event;
    }
  };
  try {
    const { status } = await streamRequest(
      new URL('/api/chat/stream', origin),
      'POST',
      headers,
      JSON.stringify({ Message: 'Tell me a story', ModelId: 'bench' }),
      onFrame,
    );
    if (status !== 200) return { ...outcome, ending: `refused:${status}` };
  } catch {
    // The connection broke (a process killed): followed again below if the reply had started.
  }
  for (const delay of resumeDelaysMs) {
    if (ended || replyId === null) break;
    await sleep(delay);
    outcome.follows += 1;
    try {
      await streamRequest(
        new URL(`/api/chat/replies/${encodeURIComponent(replyId)}/events`, origin),
        'GET',
        { ...headers, ...(last > 0 ? { 'last-event-id': String(last) } : {}) },
        null,
        onFrame,
      );
    } catch {
      // Tried again after the next wait.
    }
  }
  if (!ended && replyId === null) return { ...outcome, ending: 'failed' };
  return outcome;
}

/** Resident memory of a process, in MB; null when it is gone. */
function rssMb(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN);

async function round(deployment: Deployment, label: string, kill: Instance | null) {
  const peaks = new Map<string, number>();
  const sampler = setInterval(() => {
    for (const instance of deployment.instances) {
      const rss = rssMb(instance.pid);
      if (rss !== null) peaks.set(instance.name, Math.max(peaks.get(instance.name) ?? 0, rss));
    }
  }, 50);
  const started = performance.now();
  const killing = kill
    ? sleep(killAfterMs).then(async () => {
        await kill.stop('SIGKILL');
        return performance.now() - started;
      })
    : null;
  const outcomes = await Promise.all(
    Array.from({ length: concurrency }, () => oneReply(deployment.url)),
  );
  const killedAt = await killing;
  clearInterval(sampler);
  const took = performance.now() - started;

  const count = (test: (outcome: Outcome) => boolean) => outcomes.filter(test).length;
  const complete = count((o) => o.ending === 'done' && o.text === wholeText);
  const truncated = count((o) => o.ending === 'done' && o.text !== wholeText);
  const interrupted = count((o) => o.ending === 'error:interrupted');
  const lost = count((o) => o.ending === 'lost');
  const errors = outcomes.filter((o) => !['done', 'lost', 'error:interrupted'].includes(o.ending));
  const firstTokens = outcomes
    .map((o) => o.firstTokenMs)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`\n${label}${killedAt ? ` (${kill?.name} killed at ${ms(killedAt)})` : ''}:`);
  console.log(
    `  ${concurrency} replies in ${ms(took)}: ${complete} complete and whole, ${interrupted} interrupted (saved as far as they got), ${lost} lost, ${truncated} truncated, ${errors.length} errors`,
  );
  if (errors.length > 0) {
    const kinds = new Map<string, number>();
    for (const error of errors) kinds.set(error.ending, (kinds.get(error.ending) ?? 0) + 1);
    console.log(`  errors: ${[...kinds].map(([kind, n]) => `${kind} ×${n}`).join(', ')}`);
  }
  console.log(
    `  first token p50 ${ms(percentile(firstTokens, 0.5))}  p95 ${ms(percentile(firstTokens, 0.95))}  max ${ms(firstTokens.at(-1) ?? NaN)}  (the upstream's own latency: ${latencyMs} ms)`,
  );
  const ends = new Map<string, number[]>();
  for (const o of outcomes) ends.set(o.ending, [...(ends.get(o.ending) ?? []), o.endMs]);
  console.log(
    `  last event: ${[...ends]
      .map(([kind, times]) => {
        const sorted = times.sort((a, b) => a - b);
        return `${kind} p50 ${ms(percentile(sorted, 0.5))} max ${ms(sorted.at(-1) ?? NaN)}`;
      })
      .join('; ')}`,
  );
  console.log(
    `  followed again after a break: ${count((o) => o.follows > 0)} replies; peak memory: ${[
      ...peaks,
    ]
      .map(([name, mb]) => `${name} ${Math.round(mb)} MB`)
      .join(', ')}`,
  );
}

const upstream = await startFakeUpstream('openai', {
  kind: 'reply',
  pieces,
  delayMs: gapMs,
  firstDelayMs: latencyMs,
});
console.log(
  `fake upstream: ${words} words, first after ${latencyMs} ms, then one every ${gapMs} ms; starting two processes behind nginx…`,
);
const deployment = await startDeployment({
  env: {
    CHAT_MODELS: JSON.stringify([
      { id: 'bench', name: 'Bench model', provider: 'openai', model: 'bench' },
    ]),
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: upstream.baseURL,
    // The highest values the configuration accepts: the limits are not what is measured.
    CHAT_DAILY_LIMIT_VISITOR: '1000000',
    RATE_LIMIT_API_MAX: '1000000',
    // Every simulated browser comes from this one address, which counts as one caller.
    EVENT_STREAMS_PER_CALLER: '10000',
    LOG_LEVEL: 'warn',
  },
});
try {
  // A few replies first, so neither process meets the round cold.
  await Promise.all(Array.from({ length: 4 }, () => oneReply(deployment.url)));
  if (!values['kill-only']) {
    // The first burst meets cold pools and code the processes have not run yet: both are shown.
    await round(deployment, 'Two processes, first burst', null);
    await round(deployment, 'Two processes, again', null);
  }
  await round(deployment, 'One process killed mid-round', deployment.instances[1] ?? null);
} finally {
  await deployment.stop();
  await upstream.close();
}
