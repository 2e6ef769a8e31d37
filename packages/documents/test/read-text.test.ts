import { describe, expect, it } from 'vitest';
import { inspectFile, readDocument } from '../src/index.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('reading CSV', () => {
  it('finds semicolons, keeps quoted separators, doubled quotes and line breaks, drops the BOM', async () => {
    const bytes = utf8(
      '\uFEFFTên;Ghi chú;Số\r\nAn;"có ; dấu ""chấm phẩy""";12\r\nBình;"hai\ndòng";7\r\n',
    );
    expect(inspectFile(bytes)).toMatchObject({ ok: true, format: 'csv' });
    const started = performance.now();
    const { document } = await readDocument(bytes, { name: 'danh-sach.csv' });
    console.info(`CSV read in ${(performance.now() - started).toFixed(1)} ms`);
    expect(document.parts).toEqual([
      {
        ref: { kind: 'sheet', number: 1, name: null },
        source: 'text',
        blocks: [
          {
            type: 'table',
            header: true,
            rows: [
              ['Tên', 'Ghi chú', 'Số'],
              ['An', 'có ; dấu "chấm phẩy"', '12'],
              ['Bình', 'hai\ndòng', '7'],
            ],
          },
        ],
      },
    ]);
  });

  it('reads tabs, and caps the rows with a note', async () => {
    const text = ['a\tb', ...Array.from({ length: 30 }, (_, index) => `${index}\tx`)].join('\n');
    const { document, notes } = await readDocument(utf8(text), { limits: { maxRows: 10 } });
    const [table] = document.parts[0]?.blocks ?? [];
    expect(table?.type === 'table' && table.rows.length).toBe(10);
    expect(table?.type === 'table' && table.rows[1]).toEqual(['0', 'x']);
    expect(notes.map((note) => note.code)).toEqual(['rows-cut']);
  });
});

describe('reading text and Markdown', () => {
  it('makes paragraphs of plain text at blank lines', async () => {
    const bytes = utf8('Dòng một\ndòng hai\n\n\nĐoạn mới.\n');
    expect(inspectFile(bytes)).toMatchObject({ ok: true, format: 'txt' });
    const started = performance.now();
    const { document } = await readDocument(bytes);
    console.info(`TXT read in ${(performance.now() - started).toFixed(1)} ms`);
    expect(document.parts[0]?.blocks).toEqual([
      { type: 'paragraph', spans: [{ text: 'Dòng một\ndòng hai' }] },
      { type: 'paragraph', spans: [{ text: 'Đoạn mới.' }] },
    ]);
  });

  it('reads Markdown headings, marks, links, nested lists, a GFM table and a code fence', async () => {
    const markdown = [
      'Lời mở đầu.',
      '',
      '# Tổng quan',
      '',
      'Văn bản **đậm**, *nghiêng*, ***cả hai***, `mã`, snake_case_name và [liên kết](https://example.com "t").',
      'Liên kết lạ [x](javascript:alert(1)) bị bỏ.',
      '',
      '- Một',
      '  - Một điểm một',
      '    - Sâu hơn',
      '- Hai',
      '',
      '1. Bước đầu',
      '2. Bước sau',
      '',
      '## Bảng',
      '',
      '| Tên | Số \\| lượng |',
      '|:----|----:|',
      '| Bút | 12 |',
      '',
      '# Mã',
      '',
      '```ts',
      'const x = 1;',
      '',
      '# not a heading',
      '```',
    ].join('\n');
    const bytes = utf8(markdown);
    const started = performance.now();
    const { document } = await readDocument(bytes, { name: 'ghi-chu.md' });
    console.info(`Markdown read in ${(performance.now() - started).toFixed(1)} ms`);
    expect(document.format).toBe('md');
    expect(document.title).toBe('Tổng quan');
    expect(document.parts.map((part) => part.ref)).toEqual([
      { kind: 'section', number: 1, name: null },
      { kind: 'section', number: 2, name: 'Tổng quan' },
      { kind: 'section', number: 3, name: 'Mã' },
    ]);
    expect(document.parts[1]?.blocks).toEqual([
      { type: 'heading', level: 1, spans: [{ text: 'Tổng quan' }] },
      {
        type: 'paragraph',
        spans: [
          { text: 'Văn bản ' },
          { text: 'đậm', bold: true },
          { text: ', ' },
          { text: 'nghiêng', italic: true },
          { text: ', ' },
          { text: 'cả hai', bold: true, italic: true },
          { text: ', ' },
          { text: 'mã', code: true },
          { text: ', snake_case_name và ' },
          { text: 'liên kết', href: 'https://example.com' },
          { text: '. Liên kết lạ x bị bỏ.' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        items: [
          { depth: 0, spans: [{ text: 'Một' }] },
          { depth: 1, spans: [{ text: 'Một điểm một' }] },
          { depth: 2, spans: [{ text: 'Sâu hơn' }] },
          { depth: 0, spans: [{ text: 'Hai' }] },
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [
          { depth: 0, spans: [{ text: 'Bước đầu' }] },
          { depth: 0, spans: [{ text: 'Bước sau' }] },
        ],
      },
      { type: 'heading', level: 2, spans: [{ text: 'Bảng' }] },
      {
        type: 'table',
        header: true,
        rows: [
          ['Tên', 'Số | lượng'],
          ['Bút', '12'],
        ],
      },
    ]);
    expect(document.parts[2]?.blocks[1]).toEqual({
      type: 'code',
      text: 'const x = 1;\n\n# not a heading',
    });
  });

  it('cuts a part over the character cap, with a note', async () => {
    const { document, notes } = await readDocument(utf8(`${'a'.repeat(50)}\n\n${'b'.repeat(50)}`), {
      limits: { maxCharactersPerPart: 70 },
    });
    expect(document.parts[0]?.blocks).toEqual([
      { type: 'paragraph', spans: [{ text: 'a'.repeat(50) }] },
      { type: 'paragraph', spans: [{ text: 'b'.repeat(20) }] },
    ]);
    expect(notes).toEqual([expect.objectContaining({ code: 'text-cut', part: 1 })]);
  });
});
