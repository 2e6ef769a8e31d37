import { describe, expect, it } from 'vitest';
import { writeMarkdown, writeText, type Block, type DocumentModel } from '../src/index.ts';
import { reportModel } from './fixtures/write-models.ts';

const oneSection = (...blocks: Block[]): DocumentModel => ({
  format: 'md',
  title: null,
  parts: [{ ref: { kind: 'section', number: 1, name: null }, source: 'text', blocks }],
});

describe('writeMarkdown', () => {
  it('writes the report as CommonMark with a GFM table, escaped text and a long enough fence', () => {
    expect(writeMarkdown(reportModel)).toBe(
      [
        '# Báo cáo doanh thu quý 3 — Hà Nội',
        '',
        'Doanh thu tăng **mạnh mẽ** nhờ *khách hàng mới*; xem [báo cáo chi tiết](https://example.vn/bao-cao?quy=3&nam=2025) và lệnh `npm run report`. Ký tự \\*đặc biệt\\* \\[x\\] \\_y\\_ # 1. \\<b\\> \\| \\~z\\~ \\\\ cũng được giữ.',
        '',
        '## Những điểm chính',
        '',
        '- Khu vực nội thành',
        '  - Quận Hoàn Kiếm dẫn đầu',
        '  - Quận Đống Đa ổn định',
        '- Khu vực ngoại thành',
        '',
        '<!-- -->',
        '',
        '1. Bước một',
        '   1. Bước con',
        '2. Bước hai',
        '',
        '---',
        '',
        '## Số liệu theo chi nhánh',
        '',
        '| Chi nhánh | Doanh thu (triệu đồng) | Tăng trưởng | Ngày chốt |',
        '| --- | --- | --- | --- |',
        '| Hoàn Kiếm | 1.234,5 | -12.5 | 2025-09-30 |',
        '| Đống Đa | 1,234.5 | 8,25 | 2025-09-28 |',
        '| =cmd\\|"/c calc"!A1 | +42 | @SUM(A1) | chưa chốt |',
        '',
        '````',
        'const tổng = doanhThu',
        '  .map((x) => x * 2) // ``` inside',
        '  .reduce((a, b) => a + b);',
        '````',
        '',
        'Liên hệ [phòng kế toán](mailto:ketoan@example.vn) hoặc tệp nội bộ.',
        '',
      ].join('\n'),
    );
  });

  it('escapes text that would begin a heading, list, quote or rule', () => {
    const lines = [
      '# không phải tiêu đề',
      '1. not a list',
      '- not an item',
      '+ nor this',
      '> nor a quote',
      '---',
    ];
    const markdown = writeMarkdown(
      oneSection(...lines.map((text): Block => ({ type: 'paragraph', spans: [{ text }] }))),
    );
    expect(markdown.split('\n\n')).toEqual([
      '\\# không phải tiêu đề',
      '1\\. not a list',
      '\\- not an item',
      '\\+ nor this',
      '\\> nor a quote',
      '\\---\n',
    ]);
  });

  it('keeps marks, code spans with backticks, and links with parentheses', () => {
    const markdown = writeMarkdown(
      oneSection(
        {
          type: 'paragraph',
          spans: [
            { text: 'đậm ', bold: true },
            { text: 'cả hai', bold: true, italic: true },
            { text: ' và ' },
            { text: 'a `b` c', code: true },
            { text: ' ' },
            { text: '`x', code: true },
            { text: ' ' },
            { text: 'Wiki', href: 'https://vi.wikipedia.org/wiki/Hà_Nội_(định_hướng)' },
            { text: ' ' },
            { text: 'xấu', href: 'javascript:alert(1)' },
            { text: ' R&D &amp; more' },
          ],
        },
        { type: 'heading', level: 3, spans: [{ text: 'C# và F #' }] },
      ),
    );
    expect(markdown).toBe(
      '**đậm** ***cả hai*** và ``a `b` c`` `` `x `` [Wiki](<https://vi.wikipedia.org/wiki/H%C3%A0_N%E1%BB%99i_(%C4%91%E1%BB%8Bnh_h%C6%B0%E1%BB%9Bng)>) xấu R&D \\&amp; more\n\n### C# và F \\#\n',
    );
  });

  it('nests lists under numbered items by their text, and writes a table with no header row', () => {
    const markdown = writeMarkdown(
      oneSection(
        {
          type: 'list',
          ordered: true,
          items: Array.from({ length: 10 }, (_, index) => ({
            depth: index === 9 ? 1 : 0,
            spans: [{ text: `mục ${index + 1}` }],
          })),
        },
        { type: 'table', header: false, rows: [['a|b', 'dòng 1\ndòng 2']] },
      ),
    );
    expect(markdown).toContain('9. mục 9\n   1. mục 10\n');
    expect(markdown).toContain('|  |  |\n| --- | --- |\n| a\\|b | dòng 1<br>dòng 2 |\n');
  });
});

describe('parts in one flow', () => {
  it('heads each sheet with its name and separates sheets; sections flow on', () => {
    const sheet = (number: number, name: string): DocumentModel['parts'][number] => ({
      ref: { kind: 'sheet', number, name },
      source: 'text',
      blocks: [{ type: 'table', header: true, rows: [['Tháng'], [`${number}`]] }],
    });
    const workbook: DocumentModel = {
      format: 'xlsx',
      title: null,
      parts: [sheet(1, 'Thu'), sheet(2, 'Chi')],
    };
    expect(writeMarkdown(workbook)).toBe(
      '## Thu\n\n| Tháng |\n| --- |\n| 1 |\n\n---\n\n## Chi\n\n| Tháng |\n| --- |\n| 2 |\n',
    );
    const sections: DocumentModel = {
      format: 'md',
      title: null,
      parts: [1, 2].map((number) => ({
        ref: { kind: 'section' as const, number, name: null },
        source: 'text' as const,
        blocks: [{ type: 'paragraph' as const, spans: [{ text: `Đoạn ${number}` }] }],
      })),
    };
    expect(writeMarkdown(sections)).toBe('Đoạn 1\n\nĐoạn 2\n');
  });
});

describe('writeText', () => {
  it('writes plain text: numbered lists, tab-separated cells, links with their address', () => {
    const text = writeText(reportModel);
    expect(
      text.startsWith(
        'Báo cáo doanh thu quý 3 — Hà Nội\n\nDoanh thu tăng mạnh mẽ nhờ khách hàng mới; xem báo cáo chi tiết (https://example.vn/bao-cao?quy=3&nam=2025) và lệnh npm run report.',
      ),
    ).toBe(true);
    expect(text).toContain('- Khu vực nội thành\n  - Quận Hoàn Kiếm dẫn đầu\n');
    expect(text).toContain('1. Bước một\n  1. Bước con\n2. Bước hai');
    expect(text).toContain('Hoàn Kiếm\t1.234,5\t-12.5\t2025-09-30\n');
    expect(text).toContain('Liên hệ phòng kế toán (ketoan@example.vn) hoặc tệp nội bộ.\n');
    expect(text).not.toContain('file:');
    expect(text).not.toContain('**');
  });
});
