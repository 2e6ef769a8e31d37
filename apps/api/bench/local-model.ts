/**
 * Benchmark (not a test, not run by CI): how fast the local model answers on this machine.
 *
 *   npm run bench:local-model [-- --model <file.gguf>] [--runs 2] [--max-tokens 128]
 *
 * Loads the installed model (LOCAL_MODEL / the newest GGUF in LOCAL_MODELS_DIR, as the API would,
 * with its LOCAL_MODEL_* context, threads and GPU settings) or --model, then asks a few fixed
 * prompts, each in a fresh chat session, and reports load time, memory, time to first token and
 * generation speed (tokens per second after the first token, the part that scales with length):
 * mean, p50 and p95 over all prompts.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LlamaChatSession } from 'node-llama-cpp';
import { loadConfig } from '../src/config.ts';
import { llamaRuntime } from '../src/domains/providers/text/local/llama-runtime.ts';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    runs: { type: 'string', default: '2' },
    'max-tokens': { type: 'string', default: '128' },
  },
});

const prompts = [
  'Explain in three sentences what a hash function is.',
  'Write a short haiku about the sea.',
  'Giải thích ngắn gọn cách pha một tách cà phê phin.',
  'List five fruits and one fact about each.',
  'What is the difference between TCP and UDP?',
];

const runs = Number(values.runs);
const maxTokens = Number(values['max-tokens']);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(maxTokens) || maxTokens < 2) {
  throw new Error('--runs must be a positive integer and --max-tokens at least 2');
}

const settings = loadConfig().localModel;
// npm runs scripts in apps/api; INIT_CWD is where the person typed, so --model resolves there.
const invokedFrom = process.env['INIT_CWD'] ?? process.cwd();
const modelPath = values.model ? path.resolve(invokedFrom, values.model) : settings.file;
if (modelPath === null) {
  console.error(
    `No model installed in ${settings.dir}: run \`npm run models:pull\` or pass --model.`,
  );
  process.exit(1);
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
/** Nearest-rank percentile. */
function percentile(list: number[], p: number): number {
  const sorted = [...list].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}
const summary = (list: number[], format: (value: number) => string) =>
  `mean ${format(mean(list))}  p50 ${format(percentile(list, 50))}  p95 ${format(percentile(list, 95))}`;

const rssBefore = process.memoryUsage().rss;
let started = performance.now();
const llama = await llamaRuntime(settings.gpu);
const runtimeMs = performance.now() - started;
started = performance.now();
const model = await llama.loadModel({ modelPath, gpuLayers: settings.gpuLayers });
const modelMs = performance.now() - started;
started = performance.now();
const context = await model.createContext({
  contextSize: settings.contextSize,
  ...(settings.threads === null ? {} : { threads: settings.threads }),
});
const contextMs = performance.now() - started;
const rssLoaded = process.memoryUsage().rss;

console.log(`Model: ${path.basename(modelPath)} (${mb(model.size)} on disk)`);
console.log(
  `GPU: ${llama.gpu === false ? 'none (CPU)' : llama.gpu}, context ${context.contextSize} tokens, threads ${context.currentThreads}`,
);
console.log(
  `Load: runtime ${ms(runtimeMs)}, model ${ms(modelMs)}, context ${ms(contextMs)} (total ${ms(runtimeMs + modelMs + contextMs)})`,
);

const firstTokenMs: number[] = [];
const tokensPerSecond: number[] = [];
let generated = 0;
for (let run = 0; run < runs; run += 1) {
  for (const prompt of prompts) {
    const sequence = context.getSequence();
    const session = new LlamaChatSession({ contextSequence: sequence });
    let tokens = 0;
    let firstAt: number | null = null;
    const sentAt = performance.now();
    await session.prompt(prompt, {
      maxTokens,
      onToken: (chunk) => {
        firstAt ??= performance.now();
        tokens += chunk.length;
      },
    });
    const endedAt = performance.now();
    session.dispose();
    sequence.dispose();
    if (firstAt === null) continue;
    generated += tokens;
    firstTokenMs.push(firstAt - sentAt);
    // After the first token: the decoding speed, without the prompt's evaluation.
    if (tokens > 1) tokensPerSecond.push(((tokens - 1) * 1000) / (endedAt - firstAt));
  }
}

const vram = await llama.getVramState();
console.log(
  `Memory: RSS +${mb(rssLoaded - rssBefore)} after loading (${mb(process.memoryUsage().rss)} now), context state ${mb(context.stateSize)}${vram.total > 0 ? `, VRAM used ${mb(vram.used)} of ${mb(vram.total)}` : ''}`,
);
console.log(
  `Prompts: ${firstTokenMs.length} (${runs} × ${prompts.length}), ${generated} tokens generated, max ${maxTokens} each`,
);
if (firstTokenMs.length === 0) {
  console.log('The model produced no tokens.');
} else {
  console.log(`Time to first token: ${summary(firstTokenMs, ms)}`);
  console.log(`Tokens per second:   ${summary(tokensPerSecond, (value) => value.toFixed(1))}`);
}

await context.dispose();
await model.dispose();
