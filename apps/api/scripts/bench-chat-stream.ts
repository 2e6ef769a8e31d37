/**
 * Benchmark (not a test): the time the API adds to the first streamed token and to each token.
 *
 *   pnpm --filter @studio/api exec tsx scripts/bench-chat-stream.ts [--runs 20] [--tokens 200] [--delay 2]
 *
 * A fake OpenAI-compatible upstream on loopback streams `tokens` pieces, `delay` ms apart. The
 * same stream is timed three ways, each from the moment the request is sent:
 *   upstream  read straight from the fake (the baseline: what a perfect server would forward)
 *   registry  streamText through the model registry, in-process (the AI SDK's share)
 *   api       POST /api/chat/stream on a real listening API, as a visitor (what the SPA sees)
 * and the report gives medians and p95 of time to first token and of the gap between tokens,
 * and the API's overhead over the upstream (first token, and per token over the whole stream).
 * Everything runs on a throwaway SQLite database; nothing leaves the machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { streamText } from 'ai';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startFakeUpstream } from '../test/support/fake-upstreams.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    tokens: { type: 'string', default: '200' },
    delay: { type: 'string', default: '2' },
  },
});
const runs = Number(values.runs);
const tokens = Number(values.tokens);
const delayMs = Number(values.delay);
if (![runs, tokens, delayMs].every((value) => Number.isInteger(value) && value >= 0) || runs < 1) {
  throw new Error('--runs, --tokens and --delay must be whole numbers (runs at least 1)');
}

/** Arrival times (ms since the request was sent) of each token. */
type Timeline = number[];

/** Reads a server-sent-event body, calling `onFrame` with each frame as it arrives. */
async function readFrames(body: ReadableStream<Uint8Array>, onFrame: (frame: string) => void) {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    let end = buffered.indexOf('\n\n');
    while (end !== -1) {
      onFrame(buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
    }
  }
}

async function timeUpstream(baseURL: string): Promise<Timeline> {
  const started = performance.now();
  const times: Timeline = [];
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'bench',
      stream: true,
      messages: [{ role: 'user', content: 'Hello' }],
    }),
  });
  if (!response.ok || !response.body) throw new Error(`upstream answered ${response.status}`);
  await readFrames(response.body, (frame) => {
    const data = frame.replace(/^data: /, '');
    if (data === '[DONE]') return;
    const chunk = JSON.parse(data) as { choices: { delta: { content?: string } }[] };
    if (chunk.choices[0]?.delta.content) times.push(performance.now() - started);
  });
  return times;
}

async function timeApi(origin: string): Promise<Timeline> {
  const started = performance.now();
  const times: Timeline = [];
  const response = await fetch(`${origin}/api/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Message: 'Hello', ModelId: 'bench' }),
  });
  if (!response.ok || !response.body) {
    throw new Error(`POST /api/chat/stream answered ${response.status}: ${await response.text()}`);
  }
  let failure: string | null = null;
  await readFrames(response.body, (frame) => {
    if (frame.startsWith('event: delta')) times.push(performance.now() - started);
    if (frame.startsWith('event: error')) failure = frame;
  });
  if (failure) throw new Error(`the stream ended with an error: ${failure}`);
  return times;
}

const median = (list: number[]) => percentile(list, 50);
function percentile(list: number[], p: number): number {
  if (list.length === 0) return Number.NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const gaps = (times: Timeline) => times.slice(1).map((time, index) => time - (times[index] ?? 0));
const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);

function summarise(label: string, timelines: Timeline[]) {
  const firsts = timelines.map((times) => times[0] ?? Number.NaN);
  const allGaps = timelines.flatMap(gaps);
  const counts = new Set(timelines.map((times) => times.length));
  console.info(
    `${label.padEnd(9)} first token: median ${ms(median(firsts))}, p95 ${ms(percentile(firsts, 95))}` +
      `   between tokens: median ${ms(median(allGaps))}, p95 ${ms(percentile(allGaps, 95))}` +
      `   tokens seen: ${[...counts].join('/')}`,
  );
  return { firsts, lasts: timelines.map((times) => times.at(-1) ?? Number.NaN) };
}

const upstream = await startFakeUpstream('openai', {
  kind: 'reply',
  pieces: Array.from({ length: tokens }, (_, index) => `w${index} `),
  delayMs,
});
const scratch = await mkdtemp(path.join(tmpdir(), 'studio-bench-'));
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: scratch,
  IDENTITY_PROVIDER: 'none',
  CHAT_MODELS: JSON.stringify([
    { id: 'bench', name: 'Bench', provider: 'openai-compatible', model: 'bench' },
  ]),
  OPENAI_COMPATIBLE_BASE_URL: upstream.baseURL,
  CHAT_DAILY_LIMIT_VISITOR: '1000000',
  RATE_LIMIT_API_MAX: '1000000',
  RATE_LIMIT_FORMS_MAX: '100000',
});
const app = await buildApp(config);
await app.listen({ host: '127.0.0.1', port: 0 });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

try {
  console.info(
    `${runs} runs of ${tokens} tokens, ${delayMs} ms apart at the upstream (plus one warm-up run each)`,
  );
  const timeRegistry = async (): Promise<Timeline> => {
    const started = performance.now();
    const times: Timeline = [];
    const result = streamText({
      model: app.models.languageModel('bench'),
      messages: [{ role: 'user', content: 'Hello' }],
      maxRetries: 0,
    });
    for await (const text of result.textStream) if (text) times.push(performance.now() - started);
    return times;
  };
  const series: Record<'upstream' | 'registry' | 'api', Timeline[]> = {
    upstream: [],
    registry: [],
    api: [],
  };
  const measure = {
    upstream: () => timeUpstream(upstream.baseURL),
    registry: timeRegistry,
    api: () => timeApi(origin),
  };
  for (const name of ['upstream', 'registry', 'api'] as const) await measure[name]();
  // Interleaved, so a slow moment of the machine touches all three alike.
  for (let run = 0; run < runs; run += 1) {
    for (const name of ['upstream', 'registry', 'api'] as const) {
      series[name].push(await measure[name]());
    }
  }
  const base = summarise('upstream', series.upstream);
  summarise('registry', series.registry);
  const api = summarise('api', series.api);
  const addedFirst = median(api.firsts) - median(base.firsts);
  const addedPerToken =
    (median(api.lasts) - median(api.firsts) - (median(base.lasts) - median(base.firsts))) /
    Math.max(1, tokens - 1);
  console.info(
    `the API adds ${ms(addedFirst).trim()} to the first token (median) and ${ms(addedPerToken).trim()} per token after it`,
  );
} finally {
  await app.close();
  await upstream.close();
  await rm(scratch, { recursive: true, force: true });
}
