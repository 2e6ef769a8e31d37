import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DocumentModel, partText, readDocument, renderPdfPage } from '../src/index.ts';
import { makePdf, makeScannedPdf } from './fixtures.ts';

describe('reading a PDF with a text layer', () => {
  let document: DocumentModel;
  let needsOcr: number[];
  beforeAll(async () => {
    const bytes = await makePdf();
    const started = performance.now();
    ({ document, needsOcr } = await readDocument(bytes));
    console.info(`PDF (3 pages) read in ${Math.round(performance.now() - started)} ms`);
  });

  it('keeps a part per page, nothing for OCR', () => {
    expect(document.parts.map((part) => part.ref)).toEqual(
      [1, 2, 3].map((number) => ({ kind: 'page', number, name: null })),
    );
    expect(needsOcr).toEqual([]);
    expect(document.parts.every((part) => part.source === 'text')).toBe(true);
  });

  it("finds the heading by its size and joins a paragraph's lines, diacritics intact", () => {
    expect(document.title).toBe('Báo cáo tiếng Việt');
    expect(document.parts[0]?.blocks).toEqual([
      { type: 'heading', level: 1, spans: [{ text: 'Báo cáo tiếng Việt' }] },
      {
        type: 'paragraph',
        spans: [{ text: 'Đây là đoạn văn thứ nhất, có đủ dấu thanh: sắc, huyền, hỏi, ngã, nặng.' }],
      },
      { type: 'paragraph', spans: [{ text: 'Đoạn thứ hai bắt đầu sau một khoảng trống.' }] },
    ]);
  });

  it('reads aligned columns as a table, cell by cell, and bullets as a list', () => {
    expect(document.parts[1]?.blocks).toEqual([
      { type: 'heading', level: 2, spans: [{ text: 'Bảng giá' }] },
      {
        type: 'table',
        header: true,
        rows: [
          ['Mặt hàng', 'Đơn vị', 'Giá'],
          ['Gạo', 'kg', '18000'],
          ['Đường', 'kg', '22000'],
        ],
      },
      { type: 'paragraph', spans: [{ text: 'Giá đã gồm thuế.' }] },
    ]);
    expect(
      partText(
        document.parts[2] ?? {
          ref: { kind: 'page', number: 0, name: null },
          blocks: [],
          source: 'text',
        },
      ),
    ).toBe('Việc cần làm\n\n- Gọi điện cho khách hàng\n- Gửi báo giá mới');
  });
});

describe('a scanned page', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = await makeScannedPdf();
  });

  it('is flagged for OCR, its part kept with source text until OCR fills it', async () => {
    const { document, needsOcr, notes } = await readDocument(bytes);
    expect(needsOcr).toEqual([1]);
    expect(document.parts[0]).toEqual({
      ref: { kind: 'page', number: 1, name: null },
      blocks: [],
      source: 'text',
    });
    expect(
      partText(
        document.parts[1] ??
          document.parts[0] ?? {
            ref: { kind: 'page', number: 0, name: null },
            blocks: [],
            source: 'text',
          },
      ),
    ).toContain('chữ thật');
    expect(notes.map((note) => [note.code, note.part])).toEqual([['needs-ocr', 1]]);
  });

  it('renders to a PNG of the page at the asked resolution, dark text on white', async () => {
    const png = await renderPdfPage(bytes, 1, 100);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // A4 is 595.28 × 841.89 pt: at 100 dpi, ceil(826.8) × ceil(1169.3) pixels.
    expect(png.readUInt32BE(16)).toBe(827);
    expect(png.readUInt32BE(20)).toBe(1170);
    const { loadImage, createCanvas } = await import('@napi-rs/canvas');
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, 300).data;
    let dark = 0;
    for (let at = 0; at < pixels.length; at += 4) if ((pixels[at] ?? 255) < 100) dark += 1;
    const corner = context.getImageData(image.width - 5, image.height - 5, 1, 1).data;
    expect(dark).toBeGreaterThan(500);
    expect([...corner]).toEqual([255, 255, 255, 255]);
    await expect(renderPdfPage(bytes, 3, 100)).rejects.toThrow(/no page 3/);
  });
});

describe("pdfjs and the process's built-ins", () => {
  // In a process of its own: another test file's direct import of pdfjs must not hide it.
  it('leaves JSON.stringify, JSON.parse and Array.prototype.push as they were, PDFs read or not', async () => {
    const sources = path.resolve(import.meta.dirname, '../src/index.ts');
    const fixtures = path.resolve(import.meta.dirname, 'fixtures.ts');
    const script = `
      const before = [JSON.stringify, JSON.parse, Array.prototype.push];
      const same = () => [JSON.stringify, JSON.parse, Array.prototype.push].every((fn, i) => fn === before[i]);
      const { readDocument, renderPdfPage } = await import(${JSON.stringify(sources)});
      const loaded = same();
      const { makePdf } = await import(${JSON.stringify(fixtures)});
      const pdf = await makePdf();
      await readDocument(pdf);
      await renderPdfPage(pdf, 1, 72);
      console.log(JSON.stringify({ loaded, afterPdf: same() }));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: path.resolve(import.meta.dirname, '..') },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toEqual({
      loaded: true,
      afterPdf: true,
    });
  });
});
