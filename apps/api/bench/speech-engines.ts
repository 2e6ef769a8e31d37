/**
 * Benchmark (not a test, not run by CI): the offline speech engines' latency and speed.
 *
 *   npm --prefix apps/api exec --no -- tsx apps/api/bench/speech-engines.ts [--rounds 5]
 *
 * For each offline voice (Flite rms, slt, awb; eSpeak NG English and Vietnamese), on an engine of
 * its own: the first call (a Flite worker thread's start and its module's compile, or eSpeak NG's
 * process start, plus the synthesis), the warm latency of one sentence (median of `rounds`), and
 * the real-time factor of a paragraph (time to speak ÷ length of the audio; below 1 is faster
 * than real time), as WAV so MP3 encoding is not counted. The load average is printed beside: on
 * a shared machine the figures move with it.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createEspeakEngine } from '../src/domains/providers/speech/espeak-engine.ts';
import { createFliteEngine } from '../src/domains/providers/speech/flite-engine.ts';
import type { SpeechEngine, SpeechRequest } from '../src/domains/providers/speech/speech-engine.ts';
import { durationSeconds, parseWav } from '../src/domains/providers/speech/wav.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Math.max(1, Number(values.rounds));

const sentences = {
  en: 'Hello! I can help you plan a trip, write a letter, or explain an idea.',
  vi: 'Xin chào! Tôi có thể giúp bạn lên kế hoạch du lịch hoặc viết thư.',
};
const paragraphs = {
  en: 'The city wakes slowly. Street vendors set out their stalls, the first buses pull away from the depot, and the smell of coffee drifts along the river. By eight the roads are full, and by nine the offices hum with the day’s first meetings. Nobody notices the light change on the water.',
  vi: 'Thành phố thức dậy chậm rãi. Những người bán hàng rong bày quầy, những chuyến xe buýt đầu tiên rời bến, và mùi cà phê lan dọc bờ sông. Đến tám giờ đường phố đã đông, và đến chín giờ các văn phòng rộn ràng với những cuộc họp đầu tiên trong ngày.',
};

const cases: { voice: string; language: 'en' | 'vi'; make: () => SpeechEngine }[] = [
  ...['flite:rms', 'flite:slt', 'flite:awb'].map((voice) => ({
    voice,
    language: 'en' as const,
    make: () => createFliteEngine({ timeoutMs: 600_000, concurrency: 2, maxQueue: 32 }),
  })),
  ...['espeak:en-us+f3', 'espeak:vi+f3'].map((voice) => ({
    voice,
    language: voice.startsWith('espeak:vi') ? ('vi' as const) : ('en' as const),
    make: () => createEspeakEngine({ timeoutMs: 600_000, concurrency: 2, maxQueue: 32 }),
  })),
];

function request(text: string, voice: string, language: 'en' | 'vi'): SpeechRequest {
  return { text, voice, language, format: 'wav', speed: 1, pitch: 1 };
}

async function timed(engine: SpeechEngine, speech: SpeechRequest) {
  const started = performance.now();
  const result = await engine.synthesize(speech);
  const ms = performance.now() - started;
  return { ms, seconds: durationSeconds(parseWav(result.audio)) };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

console.log(
  `load average at start: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
console.log('voice              first call   warm sentence   real-time factor (paragraph)');
for (const { voice, language, make } of cases) {
  const engine = make();
  try {
    const first = await timed(engine, request(sentences[language], voice, language));
    const warm: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      warm.push((await timed(engine, request(sentences[language], voice, language))).ms);
    }
    const factors: number[] = [];
    let audioSeconds = 0;
    for (let round = 0; round < Math.min(rounds, 3); round += 1) {
      const run = await timed(engine, request(paragraphs[language], voice, language));
      factors.push(run.ms / 1000 / run.seconds);
      audioSeconds = run.seconds;
    }
    console.log(
      `${voice.padEnd(18)} ${`${first.ms.toFixed(0)} ms`.padStart(10)}   ${`${median(warm).toFixed(0)} ms`.padStart(13)}   ${median(factors).toFixed(3)} (${audioSeconds.toFixed(1)} s of audio)`,
    );
  } finally {
    await engine.close();
  }
}
console.log(
  `load average at end: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
