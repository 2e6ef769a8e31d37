import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentModel } from '../src/index.ts';
import { writePdf } from '../src/index.ts';
import { breakLines } from '../src/write/pdf/line-breaking.ts';
import { reportLink, reportModel, reportTitle } from './fixtures/write-models.ts';

interface PageText {
  text: string;
  items: { str: string; x: number; y: number; width: number }[];
  links: { url: string | undefined; rect: number[] }[];
}

async function readPages(file: Buffer): Promise<{ pdf: PDFDocumentProxy; pages: PageText[] }> {
  const pdf = await getDocument({ data: new Uint8Array(file), isEvalSupported: false }).promise;
  const pages: PageText[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const items = content.items.flatMap((item) =>
      'str' in item
        ? [
            {
              str: item.str,
              x: item.transform[4] ?? 0,
              y: item.transform[5] ?? 0,
              width: item.width,
            },
          ]
        : [],
    );
    const annotations = (await page.getAnnotations()) as {
      subtype: string;
      url?: string;
      rect: number[];
    }[];
    pages.push({
      text: items.map((item) => item.str).join(''),
      items,
      links: annotations
        .filter((annotation) => annotation.subtype === 'Link')
        .map((annotation) => ({ url: annotation.url, rect: annotation.rect })),
    });
  }
  return { pdf, pages };
}

describe('breakLines', () => {
  const measure = (text: string): number => text.length;
  const plain = { bold: false };
  const bold = { bold: true };
  const texts = (pieces: { text: string; style: object }[], width: number): string[] =>
    breakLines(pieces, width, measure).map((line) => line.runs.map((run) => run.text).join(''));

  it('breaks between words, collapsing spaces, and keeps a line break', () => {
    expect(texts([{ text: 'aaa  bbb ccc\nd', style: plain }], 7)).toEqual(['aaa bbb', 'ccc', 'd']);
  });

  it('breaks a word only when it is wider than a line', () => {
    expect(texts([{ text: 'ab abcdefghij', style: plain }], 4)).toEqual([
      'ab',
      'abcd',
      'efgh',
      'ij',
    ]);
  });

  it('keeps a word whose styles change inside it whole', () => {
    expect(
      texts(
        [
          { text: 'xx bo', style: plain },
          { text: 'ld', style: bold },
        ],
        4,
      ),
    ).toEqual(['xx', 'bold']);
  });
});

describe('writePdf', () => {
  let file: Buffer;
  let read: Awaited<ReturnType<typeof readPages>>;

  beforeAll(async () => {
    file = await writePdf(reportModel, { language: 'vi-VN', pageSize: 'A4' });
    read = await readPages(file);
  });

  it('lays each page part on its own page, Vietnamese exact and pages numbered', () => {
    expect(read.pdf.numPages).toBe(2);
    const [first, second] = read.pages;
    expect(first?.text).toContain(reportTitle);
    expect(first?.text).toContain('mạnh mẽ');
    expect(first?.text).toContain('Quận Hoàn Kiếm dẫn đầu');
    expect(first?.text).toContain('Bước con');
    expect(first?.text).toMatch(/1 \/ 2$/);
    expect(second?.text).toContain('Số liệu theo chi nhánh');
    expect(second?.text).toContain('Doanh thu (triệu đồng)');
    expect(second?.text).toContain('chưa chốt');
    // A letter DejaVu Sans Mono lacks, drawn in DejaVu Sans.
    expect(second?.text).toContain('const tổng = doanhThu');
    expect(second?.text).toMatch(/2 \/ 2$/);
  });

  it('puts a URI link annotation over the link text, for the web and mail only', async () => {
    const [first, second] = read.pages;
    expect(first?.links.map((link) => link.url)).toEqual([reportLink]);
    expect(second?.links.map((link) => link.url)).toEqual(['mailto:ketoan@example.vn']);
    // The annotation covers the words of the link on the paragraph's first line.
    const line = first?.items.find((item) => item.str.includes('báo cáo chi tiết'));
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = first?.links[0]?.rect ?? [];
    expect(line).toBeDefined();
    expect(y1).toBeLessThan(line?.y ?? 0);
    expect(y2).toBeGreaterThan(line?.y ?? 0);
    expect(x1).toBeGreaterThan(line?.x ?? 0);
    expect(x2).toBeLessThan((line?.x ?? 0) + (line?.width ?? 0));
    expect(second?.text).toContain('tệp nội bộ');
  });

  it('sets title, language and producer', async () => {
    const { info } = await read.pdf.getMetadata();
    expect(info).toMatchObject({
      Title: reportTitle,
      Language: 'vi-VN',
      Producer: expect.stringMatching(/^AI Studio/),
    });
  });

  it('embeds DejaVu Sans subsets and holds no script, launch action or attached file', () => {
    const bytes = file.toString('latin1');
    expect(bytes).toContain('/URI');
    // pdf-lib names a subset after its face with a number.
    for (const face of ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSansMono']) {
      expect(bytes).toMatch(new RegExp(`/BaseFont /${face}-\\d+\\b`));
    }
    // The five whole faces weigh 2.2 MB; their subsets a few tens of kilobytes.
    expect(file.length).toBeLessThan(150_000);
    expect(bytes).not.toMatch(/\/JavaScript|\/JS\b|\/Launch|\/EmbeddedFiles?|\/OpenAction|\/AA\b/);
  });

  it('wraps a long text within the margins over numbered pages, a long table under its header', async () => {
    const words = Array.from({ length: 1800 }, (_, index) => `từ${index + 1}`);
    const longWord = 'Đ'.repeat(150);
    const rows = Array.from({ length: 70 }, (_, index) => [
      `Hàng ${index + 1}`,
      'ô dài '.repeat(index % 7),
    ]);
    const model: DocumentModel = {
      format: 'md',
      title: 'Dài',
      parts: [
        {
          ref: { kind: 'section', number: 1, name: null },
          source: 'text',
          blocks: [
            { type: 'paragraph', spans: [{ text: words.join(' ') }] },
            { type: 'paragraph', spans: [{ text: longWord }] },
            { type: 'table', header: true, rows: [['Tên', 'Ghi chú'], ...rows] },
          ],
        },
      ],
    };
    const { pdf, pages } = await readPages(await writePdf(model, { pageSize: 'Letter' }));
    const [width, height] = (await pdf.getPage(1)).view.slice(2);
    expect([width, height]).toEqual([612, 792]);
    expect(pdf.numPages).toBeGreaterThanOrEqual(5);
    pages.forEach((page, index) => {
      const footer = page.items.filter((item) => item.y < 56);
      expect(footer.map((item) => item.str).join('')).toBe(`${index + 1} / ${pdf.numPages}`);
      for (const item of page.items) {
        expect(item.x).toBeGreaterThanOrEqual(56);
        expect(item.x + item.width).toBeLessThanOrEqual(612 - 56);
      }
    });
    const all = pages.map((page) => page.items.map((item) => item.str).join(' ')).join(' ');
    expect(all.match(/từ\d+/g)).toEqual(words);
    expect(all.replace(/[^Đ]/g, '')).toBe(longWord);
    const tablePages = pages.filter((page) => page.text.includes('Hàng '));
    expect(tablePages.length).toBeGreaterThan(1);
    for (const page of tablePages) expect(page.text).toMatch(/Tên\s*Ghi chú/);
    expect(all.match(/Hàng \d+/g)).toEqual(rows.map((row) => row[0]));
  });
});
