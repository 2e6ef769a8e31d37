import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseIsoDate, parseNumber, writeXlsx, type DocumentModel } from '../src/index.ts';
import { reportModel, reportTitle, revenueTable } from './fixtures/write-models.ts';

/** exceljs's typings take an ArrayBuffer where Node's Buffer is generic over its store. */
const arrayBuffer = (file: Buffer): ArrayBuffer => new Uint8Array(file).buffer;

describe('parseNumber', () => {
  it('reads both notations where their shape decides, and the language where it does not', () => {
    expect(parseNumber('1.234,5')).toBe(1234.5);
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('-1,234.5')).toBe(-1234.5);
    expect(parseNumber('1234,5')).toBe(1234.5);
    expect(parseNumber('8,25')).toBe(8.25);
    expect(parseNumber('0,125')).toBe(0.125);
    expect(parseNumber('1.234.567')).toBe(1234567);
    expect(parseNumber('1,234,567.89')).toBe(1234567.89);
    expect(parseNumber('42')).toBe(42);
    expect(parseNumber('1.234')).toBeNull();
    expect(parseNumber('1.234', 'vi-VN')).toBe(1234);
    expect(parseNumber('1.234', 'en-US')).toBe(1.234);
    expect(parseNumber('1,234', 'vi-VN')).toBe(1.234);
    expect(parseNumber('1,234', 'en-US')).toBe(1234);
  });

  it('leaves what is not plainly a number as text', () => {
    for (const text of [
      '+42',
      '0912345678',
      '007',
      '1,23,456',
      '1.234,5.6',
      '12 000',
      '5%',
      '1e5',
      '',
      '-',
      '1234567890123456',
      '$5',
    ]) {
      expect(parseNumber(text, 'vi-VN')).toBeNull();
    }
  });

  it('reads ISO dates that exist, with or without a time, and no zone offsets', () => {
    expect(parseIsoDate('2025-09-30')).toEqual({
      date: new Date(Date.UTC(2025, 8, 30)),
      withTime: false,
    });
    expect(parseIsoDate('2025-09-30T14:05:09Z')?.date.toISOString()).toBe(
      '2025-09-30T14:05:09.000Z',
    );
    expect(parseIsoDate('2025-02-30')).toBeNull();
    expect(parseIsoDate('2025-09-30T14:05+07:00')).toBeNull();
    expect(parseIsoDate('30/09/2025')).toBeNull();
  });
});

describe('writeXlsx', () => {
  let file: Buffer;
  let workbook: ExcelJS.Workbook;

  const sheetModel: DocumentModel = {
    format: 'xlsx',
    title: null,
    parts: [
      ...[
        'Doanh thu: quý [3]/2025 — Hà Nội và các tỉnh lân cận',
        'Doanh thu: quý [3]/2025 — Hà Nội và các tỉnh lân cận',
        'history',
      ].map((name, index) => ({
        ref: { kind: 'sheet' as const, number: index + 1, name },
        source: 'text' as const,
        blocks: [{ type: 'table' as const, header: false, rows: [['a']] }],
      })),
    ],
  };

  beforeAll(async () => {
    file = await writeXlsx(reportModel, { language: 'vi-VN' });
    workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(arrayBuffer(file));
  });

  it('writes the table as a sheet, numbers as numbers and ISO dates as dates', () => {
    const sheet = workbook.getWorksheet('Table 1');
    expect(workbook.worksheets.map((each) => each.name)).toEqual(['Table 1']);
    expect(sheet?.getCell('A1').value).toBe('Chi nhánh');
    expect(sheet?.getCell('B1').value).toBe('Doanh thu (triệu đồng)');
    expect(sheet?.getCell('A2').value).toBe('Hoàn Kiếm');
    expect(sheet?.getCell('B2').value).toBe(1234.5);
    expect(sheet?.getCell('C2').value).toBe(-12.5);
    expect(sheet?.getCell('B3').value).toBe(1234.5);
    expect(sheet?.getCell('C3').value).toBe(8.25);
    expect(sheet?.getCell('D2').value).toEqual(new Date(Date.UTC(2025, 8, 30)));
    expect(sheet?.getCell('D2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet?.getCell('D4').value).toBe('chưa chốt');
  });

  it('stores cells that start like formulas as text, never as formulas', () => {
    const sheet = workbook.getWorksheet('Table 1');
    expect(sheet?.getCell('A4').value).toBe(revenueTable.rows[3]?.[0]);
    expect(sheet?.getCell('A4').type).toBe(ExcelJS.ValueType.String);
    expect(sheet?.getCell('B4').value).toBe('+42');
    expect(sheet?.getCell('C4').value).toBe('@SUM(A1)');
    const entries = unzipSync(file);
    const xml = Object.entries(entries)
      .filter(([name]) => name.startsWith('xl/worksheets/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('');
    expect(xml).not.toContain('<f>');
    expect(Object.keys(entries).some((name) => /vbaProject/i.test(name))).toBe(false);
  });

  it('makes the header row bold and frozen and sizes columns by content', () => {
    const sheet = workbook.getWorksheet('Table 1');
    expect(sheet?.getCell('A1').font?.bold).toBe(true);
    expect(sheet?.getCell('A2').font?.bold).not.toBe(true);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getColumn(2).width).toBe('Doanh thu (triệu đồng)'.length + 2);
    expect(sheet?.getColumn(1).width).toBe('=cmd|"/c calc"!A1'.length + 2);
  });

  it('sets the title, creator and language', () => {
    expect(workbook.title).toBe(reportTitle);
    expect(workbook.creator).toBe('AI Studio');
    expect(strFromU8(unzipSync(file)['docProps/core.xml'] ?? new Uint8Array())).toContain(
      '<dc:language>vi-VN</dc:language>',
    );
  });

  it('names sheets after their parts, made valid and unique', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(arrayBuffer(await writeXlsx(sheetModel)));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Doanh thu quý 3 2025 — Hà Nội v',
      'Doanh thu quý 3 2025 — Hà N (2)',
      'history (2)',
    ]);
  });

  it('leaves ambiguous thousands as text without a language', async () => {
    const book = new ExcelJS.Workbook();
    const model: DocumentModel = {
      format: 'csv',
      title: null,
      parts: [
        {
          ref: { kind: 'section', number: 1, name: null },
          source: 'text',
          blocks: [{ type: 'table', header: true, rows: [['n'], ['1.234'], ['1.5']] }],
        },
      ],
    };
    await book.xlsx.load(arrayBuffer(await writeXlsx(model)));
    expect(book.getWorksheet('Table 1')?.getCell('A2').value).toBe('1.234');
    expect(book.getWorksheet('Table 1')?.getCell('A3').value).toBe(1.5);
  });
});
