/**
 * Times of each writer on the tests' report model and on a 50-page model (PDF and DOCX), the
 * first call and the median of a few more. Run: npm --prefix apps/api exec --no -- tsx
 * packages/documents/bench/write-times.ts
 */
import {
  writeCsv,
  writeDocx,
  writeMarkdown,
  writePdf,
  writePptx,
  writeText,
  writeXlsx,
  type DocumentModel,
} from '../src/index.ts';
import { longModel, reportModel, revenueTable } from '../test/fixtures/write-models.ts';

/** The first call (fonts read, modules warmed) and the median of the next `times`. */
async function timed(
  run: () => Promise<unknown>,
  times = 5,
): Promise<{ first: number; median: number }> {
  const started = performance.now();
  await run();
  const first = performance.now() - started;
  const samples: number[] = [];
  for (let index = 0; index < times; index++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { first, median: samples[Math.floor(samples.length / 2)] ?? 0 };
}

const long: DocumentModel = longModel(50);
const rows: [string, () => Promise<unknown>][] = [
  ['docx, report', () => writeDocx(reportModel, { language: 'vi-VN' })],
  ['pdf, report', () => writePdf(reportModel, { language: 'vi-VN' })],
  ['xlsx, report', () => writeXlsx(reportModel, { language: 'vi-VN' })],
  ['pptx, report', () => writePptx(reportModel, { language: 'vi-VN' })],
  ['csv, table', () => Promise.resolve(writeCsv(revenueTable))],
  ['markdown, report', () => Promise.resolve(writeMarkdown(reportModel))],
  ['text, report', () => Promise.resolve(writeText(reportModel))],
  ['docx, 50 pages', () => writeDocx(long, { language: 'vi-VN' })],
  ['pdf, 50 pages', () => writePdf(long, { language: 'vi-VN' })],
];
for (const [name, run] of rows) {
  const { first, median } = await timed(run, name.includes('50') ? 3 : 5);
  console.log(
    `${name.padEnd(18)} first ${first.toFixed(1).padStart(7)} ms, then ${median.toFixed(1).padStart(7)} ms`,
  );
}
const pdf = await writePdf(long, { language: 'vi-VN' });
const docx = await writeDocx(long, { language: 'vi-VN' });
console.log(`sizes: 50-page pdf ${pdf.length} bytes, docx ${docx.length} bytes`);
console.log(`rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
