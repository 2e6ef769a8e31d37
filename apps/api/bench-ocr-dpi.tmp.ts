import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { renderPdfPage } from '@studio/documents';
import { createTesseractEngine } from './src/domains/providers/ocr/tesseract-engine.ts';
const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), 'DejaVu Sans');
const lines = [
  'Báo cáo kết quả kinh doanh quý ba năm hai nghìn hai mươi sáu.',
  'Doanh thu tăng mười hai phần trăm so với cùng kỳ năm trước.',
  'The Hanoi office opened in March with twenty new staff members.',
  'Chi phí vận hành giữ ổn định nhờ tiết kiệm năng lượng và vật tư.',
  'Revenue grew by twelve percent in the third quarter of the year.',
  'Kế hoạch năm tới tập trung vào khách hàng doanh nghiệp nhỏ.',
];
// A scan at 300 dpi of 11 pt print: 46 px letters, an A4 page 2480 × 3508.
const scanDpi = 300;
const px = Math.round((11 / 72) * scanDpi);
const w = 2480, h = 3508;
const canvas = createCanvas(w, h);
const c = canvas.getContext('2d');
c.fillStyle = 'white'; c.fillRect(0, 0, w, h); c.fillStyle = 'black';
c.font = `${px}px "DejaVu Sans"`;
lines.forEach((line, i) => c.fillText(line, 200, 300 + i * px * 1.8));
const pdf = await PDFDocument.create();
const img = await pdf.embedPng(await canvas.encode('png'));
const page = pdf.addPage([595.28, 841.89]);
page.drawImage(img, { x: 0, y: 0, width: 595.28, height: 841.89 });
const bytes = await pdf.save();
const engine = createTesseractEngine({ concurrency: 1, maxQueue: 2, timeoutMs: 120_000, maxPixels: 40_000_000 });
const expected = lines.join(' ');
function acc(read: string) {
  const a = [...read.normalize('NFC').replace(/\s+/g, ' ').trim()], b = [...expected];
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1] + (a[i-1] === b[j-1] ? 0 : 1));
  return 1 - d[a.length][b.length] / b.length;
}
await engine.recognize(await renderPdfPage(bytes, 1, 72), { languages: ['en', 'vi'], signal: new AbortController().signal });
for (const dpi of [150, 200, 250, 300, 150, 200, 250, 300]) {
  const t0 = performance.now();
  const png = await renderPdfPage(bytes, 1, dpi);
  const t1 = performance.now();
  const r = await engine.recognize(png, { languages: ['en', 'vi'], signal: new AbortController().signal });
  const t2 = performance.now();
  console.log(JSON.stringify({ dpi, renderMs: Math.round(t1 - t0), ocrMs: Math.round(t2 - t1), accuracy: acc(r.text).toFixed(4), rssMb: Math.round(process.memoryUsage().rss / 1e6) }));
}
await engine.close();
