/**
 * Benchmark (not a test, not run by CI): the offline composer's speed.
 *
 *   npm --prefix apps/api exec --no -- tsx apps/api/bench/music-composer.ts [--rounds 3]
 *
 * For pieces of 15, 60 and 180 seconds (four instruments, each seed a new arrangement): the
 * time to compose and render the mix and one stem per instrument in the render thread (the
 * first round also starts the thread and loads the sound font, so it is shown apart), and the
 * time to encode the mix as a 192 kbit/s MP3 with Debian's lame and with lamejs. The load
 * average is printed beside: on a shared machine the figures move with it.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { musicSettings } from '@studio/contracts';
import { createComposerEngine, encodeMp3, mp3EncoderName } from '../src/domains/providers/index.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Math.max(1, Number(values.rounds));
const lengths = [15, 60, 180];

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg()[0]?.toFixed(2) ?? '?';

const engine = createComposerEngine();
const hasLame = (await mp3EncoderName()) === 'lame';

async function compose(durationSeconds: number, seed: number) {
  const started = performance.now();
  const result = await engine.generate({
    model: 'arranger',
    settings: musicSettings.parse({
      genre: 'pop',
      durationSeconds,
      seed,
      instruments: ['piano', 'bass', 'strings', 'drums'],
    }),
    from: null,
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
  return { ms: performance.now() - started, result };
}

async function encodeMs(
  result: Awaited<ReturnType<typeof compose>>['result'],
  encoder: 'lame' | 'lamejs',
) {
  const started = performance.now();
  await encodeMp3(result.audio, 192, encoder);
  return performance.now() - started;
}

try {
  const first = await compose(15, 1);
  console.log(
    `first piece (thread start, sound font, 15 s piece): ${seconds(first.ms)} · load ${load()}`,
  );
  for (const length of lengths) {
    const render: number[] = [];
    const lame: number[] = [];
    const lamejs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const { ms, result } = await compose(length, 100 + round);
      render.push(ms);
      if (hasLame) lame.push(await encodeMs(result, 'lame'));
      lamejs.push(await encodeMs(result, 'lamejs'));
    }
    console.log(
      [
        `${length} s piece, 4 instruments: compose + mix + stems ${seconds(median(render))}`,
        `(${(median(render) / 1000 / length).toFixed(3)} × real time)`,
        `· MP3 lame ${hasLame ? seconds(median(lame)) : 'not installed'}`,
        `· lamejs ${seconds(median(lamejs))}`,
        `· load ${load()}`,
      ].join(' '),
    );
  }
} finally {
  await engine.close?.();
}
