/**
 * Benchmark (not a test, not run by CI): the offline OCR engine's speed and memory.
 *
 *   npm --prefix apps/api exec --no -- tsx apps/api/bench/ocr.ts [--rounds 5]
 *
 * Prints the first picture's time (worker thread start and language load), the warm time of a
 * short line in each language setting, and an A4 page at 300 dpi (2480 × 3508) of 11 pt text in
 * English and in Vietnamese, drawn here with DejaVu Sans, with its character accuracy. The
 * process's resident memory (worker threads included) and the load average are printed beside:
 * on a shared machine the figures move with it.
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createTesseractEngine, type OcrLanguage } from '../src/domains/providers/index.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Math.max(1, Number(values.rounds));

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), 'DejaVu Sans');

const median = (numbers: number[]) =>
  [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${Math.round(value)} ms`;
const rss = () => `RSS ${Math.round(process.memoryUsage().rss / 1_048_576)} MB`;
const load = () => `load ${loadavg()[0]?.toFixed(2) ?? '?'}`;

function draw(lines: readonly string[], width: number, height: number, size: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = 'white';
  context.fillRect(0, 0, width, height);
  context.fillStyle = 'black';
  context.font = `${size}px "DejaVu Sans"`;
  lines.forEach((line, index) => context.fillText(line, size * 5, size * 5 + index * size * 1.5));
  return canvas.toBuffer('image/png');
}

/** 1 − edit distance / length over code points, spaces made single. */
function accuracy(read: string, expected: string): number {
  const a = [...read.normalize('NFC').replace(/\s+/g, ' ').trim()];
  const b = [...expected.normalize('NFC').replace(/\s+/g, ' ').trim()];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return 1 - (previous[b.length] ?? 0) / b.length;
}

const sentences: Record<'en' | 'vi', string[]> = {
  en: [
    'The committee met on Tuesday to review the budget for the coming year.',
    'Most of the spending goes to schools, roads and the new public library.',
    'Residents may send their comments by email before the end of the month.',
    'A second meeting will take place in the town hall at seven in the evening.',
  ],
  vi: [
    'Hội đồng đã họp vào thứ Ba để xem xét ngân sách cho năm tới của thành phố.',
    'Phần lớn chi tiêu dành cho trường học, đường sá và thư viện công cộng mới.',
    'Người dân có thể gửi ý kiến qua thư điện tử trước cuối tháng này nhé.',
    'Cuộc họp thứ hai sẽ diễn ra tại nhà văn hóa lúc bảy giờ tối thứ Năm.',
  ],
};

const engine = createTesseractEngine({
  concurrency: 1,
  maxQueue: 0,
  timeoutMs: 300_000,
  maxPixels: 25_000_000,
});
const read = (image: Buffer, languages: OcrLanguage[]) =>
  engine.recognize(image, { languages, signal: new AbortController().signal });
async function timed(image: Buffer, languages: OcrLanguage[]) {
  const started = performance.now();
  const result = await read(image, languages);
  return { ms: performance.now() - started, result };
}

try {
  console.log(`before any picture: ${rss()} · ${load()}`);
  const line = draw(['Invoice 2024-117: total due $1,250.00 by March 3.'], 900, 90, 28);
  const first = await timed(line, ['en']);
  console.log(
    `first picture (thread start, eng load, one line): ${ms(first.ms)} · ${rss()} · ${load()}`,
  );

  const settings: { name: string; languages: OcrLanguage[]; text: string }[] = [
    { name: 'eng', languages: ['en'], text: sentences.en[0] ?? '' },
    { name: 'vie', languages: ['vi'], text: sentences.vi[0] ?? '' },
    { name: 'vie+eng', languages: ['en', 'vi'], text: sentences.vi[1] ?? '' },
  ];
  for (const setting of settings) {
    const image = draw([setting.text], 1500, 90, 28);
    const switched = await timed(image, setting.languages);
    const warm: number[] = [];
    for (let round = 0; round < rounds; round += 1)
      warm.push((await timed(image, setting.languages)).ms);
    console.log(
      `short line, ${setting.name}: first in this setting ${ms(switched.ms)}, warm ${ms(median(warm))} (median of ${rounds}) · ${rss()} · ${load()}`,
    );
  }

  // 11 pt at 300 dpi is 46 px; 44 lines at 1.5 spacing fill the page between margins.
  for (const language of ['en', 'vi'] as const) {
    const lines = Array.from(
      { length: 44 },
      (_, index) => sentences[language][index % sentences[language].length] ?? '',
    );
    const page = draw(lines, 2480, 3508, 46);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const { ms: took, result } = await timed(page, [language]);
    clearInterval(sampler);
    console.log(
      `A4 page at 300 dpi, ${language === 'en' ? 'English (eng)' : 'Vietnamese (vie)'}, 44 lines: ${ms(took)}, ` +
        `${(accuracy(result.text, lines.join(' ')) * 100).toFixed(2)} % of characters, ${result.lines.length} lines · ` +
        `peak RSS ${Math.round(peak / 1_048_576)} MB · ${load()}`,
    );
  }
} finally {
  await engine.close();
}
