import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Block,
  type DocumentModel,
  inspectFile,
  readDocument,
  spanText,
} from '../src/index.ts';
import { makeDocx, makePptx, makeXlsx } from './fixtures.ts';

const blocksOf = (document: DocumentModel) => document.parts.flatMap((part) => part.blocks);
const only = <T extends Block['type']>(blocks: Block[], type: T) =>
  blocks.filter((block): block is Extract<Block, { type: T }> => block.type === type);

describe('reading a DOCX', () => {
  let document: DocumentModel;
  beforeAll(async () => {
    const bytes = await makeDocx();
    expect(inspectFile(bytes, 'report.pdf')).toEqual({
      ok: true,
      format: 'docx',
      macrosIgnored: false,
    });
    const started = performance.now();
    ({ document } = await readDocument(bytes));
    console.info(`DOCX read in ${Math.round(performance.now() - started)} ms`);
  });

  it('cuts sections at the top-level headings, named by them, with the diacritics intact', () => {
    expect(document.title).toBe('Báo cáo quý');
    expect(document.parts.map((part) => part.ref)).toEqual([
      { kind: 'section', number: 1, name: 'Giới thiệu dự án' },
      { kind: 'section', number: 2, name: 'Số liệu' },
    ]);
    const headings = only(blocksOf(document), 'heading');
    expect(headings.map((heading) => [heading.level, spanText(heading.spans)])).toEqual([
      [1, 'Giới thiệu dự án'],
      [1, 'Số liệu'],
      [2, 'Chi tiết'],
    ]);
  });

  it('keeps bold, italic and the link on their words', () => {
    const [paragraph] = only(blocksOf(document), 'paragraph');
    expect(paragraph?.spans).toEqual([
      { text: 'Đây là ' },
      { text: 'chữ đậm', bold: true },
      { text: ' và ' },
      { text: 'chữ nghiêng', italic: true },
      { text: ', xem ' },
      { text: 'tài liệu', href: 'https://example.com/tai-lieu' },
      { text: '.' },
    ]);
  });

  it('reads the nested list with depths and the table cell by cell', () => {
    const [list] = only(blocksOf(document), 'list');
    expect(list?.ordered).toBe(false);
    expect(list?.items.map((item) => [item.depth, spanText(item.spans)])).toEqual([
      [0, 'Mục một'],
      [1, 'Mục con'],
      [0, 'Mục hai'],
    ]);
    expect(only(blocksOf(document), 'table')).toEqual([
      {
        type: 'table',
        header: true,
        rows: [
          ['Tên', 'Số lượng'],
          ['Bút', '12'],
          ['Vở', '7'],
        ],
      },
    ]);
  });
});

describe('reading an XLSX', () => {
  it('gives a part per sheet with cached formula results, ISO dates and merged cells once', async () => {
    const bytes = await makeXlsx();
    expect(inspectFile(bytes)).toMatchObject({ ok: true, format: 'xlsx' });
    const started = performance.now();
    const { document, notes } = await readDocument(bytes);
    console.info(`XLSX read in ${Math.round(performance.now() - started)} ms`);
    expect(notes).toEqual([]);
    expect(document.parts.map((part) => part.ref)).toEqual([
      { kind: 'sheet', number: 1, name: 'Doanh thu' },
      { kind: 'sheet', number: 2, name: 'Ghi chú' },
    ]);
    expect(document.parts[0]?.blocks).toEqual([
      {
        type: 'table',
        header: true,
        rows: [
          ['Sản phẩm', 'Đơn giá', 'Số lượng', 'Thành tiền', 'Ngày'],
          ['Cà phê', '25000', '3', '75000', '2024-03-15'],
          ['Trà', '15000', '2', '30000', '2024-03-16T09:30:00'],
        ],
      },
    ]);
    // B2:C2 merged: the text once, the used range from column B.
    expect(document.parts[1]?.blocks).toEqual([
      {
        type: 'table',
        header: false,
        rows: [
          ['Gộp ô', ''],
          ['dưới', 'TRUE'],
        ],
      },
    ]);
  });
});

describe('reading a PPTX', () => {
  it('gives a part per slide in order, named by its title, with bullets, levels, table and notes', async () => {
    const bytes = await makePptx();
    expect(inspectFile(bytes)).toMatchObject({ ok: true, format: 'pptx' });
    const started = performance.now();
    const { document } = await readDocument(bytes);
    console.info(`PPTX read in ${Math.round(performance.now() - started)} ms`);
    expect(document.title).toBe('Kế hoạch năm');
    expect(document.parts.map((part) => part.ref)).toEqual([
      { kind: 'slide', number: 1, name: 'Kế hoạch năm' },
      { kind: 'slide', number: 2, name: 'Bảng số liệu' },
    ]);
    expect(document.parts[0]?.blocks).toEqual([
      { type: 'heading', level: 1, spans: [{ text: 'Kế hoạch năm' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          { depth: 0, spans: [{ text: 'Mục tiêu chính' }] },
          { depth: 1, spans: [{ text: 'Tăng doanh thu' }] },
          { depth: 0, spans: [{ text: 'Giảm chi phí' }] },
        ],
      },
      {
        type: 'paragraph',
        spans: [{ text: 'Speaker notes: ', italic: true }, { text: 'Nói chậm ở phần này.' }],
      },
    ]);
    expect(document.parts[1]?.blocks[1]).toEqual({
      type: 'table',
      header: true,
      rows: [
        ['Quý', 'Doanh thu'],
        ['Q1', '120'],
        ['Q2', '150'],
      ],
    });
  });
});
