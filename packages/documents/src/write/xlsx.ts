import ExcelJS from 'exceljs';
import { blockText, type DocumentModel } from '../model.ts';
import { parseIsoDate, parseNumber } from './cell-values.ts';
import { modelBlocks, squareRows } from './flow.ts';
import { cleanText, resolveTitle, type WriteOptions } from './options.ts';
import { SheetNames } from './sheet-names.ts';

interface SheetPlan {
  name: string;
  header: boolean;
  rows: string[][];
}

/** Every table of the model, named: a sheet part's tables after it, the rest "Table 1", "Table 2"… */
function sheetPlans(model: DocumentModel): SheetPlan[] {
  const names = new SheetNames();
  const plans: SheetPlan[] = [];
  let unnamed = 0;
  for (const { part, block } of modelBlocks(model)) {
    if (block.type !== 'table') continue;
    const sheetName = part.ref.kind === 'sheet' ? part.ref.name : null;
    plans.push({
      name: names.claim(sheetName ?? `Table ${++unnamed}`),
      header: block.header,
      rows: squareRows(block.rows),
    });
  }
  if (plans.length > 0) return plans;
  // A model with no table still makes a workbook Excel opens: its text, a line a row.
  const lines = model.parts.flatMap((part) =>
    part.blocks.flatMap((block) => blockText(block).split('\n')),
  );
  return [{ name: 'Text', header: false, rows: lines.map((line) => [line]) }];
}

type CellValue = string | number | Date;

/**
 * A cell's value: a number or a date when the text is one (see `parseNumber`, `parseIsoDate`),
 * otherwise the text itself. Text is always written as a string cell, never as a formula, so
 * `=cmd|…`, `+…`, `-…` and `@…` are inert text in the workbook.
 */
function cellValue(text: string, options: WriteOptions): { value: CellValue; format?: string } {
  const number = parseNumber(text, options.language);
  if (number !== null) return { value: number };
  const date = parseIsoDate(text);
  if (date)
    return { value: date.date, format: date.withTime ? 'yyyy-mm-dd hh:mm:ss' : 'yyyy-mm-dd' };
  return { value: text };
}

/** Wide enough for the longest line of a column's cells, within reason. */
function columnWidth(rows: readonly string[][], column: number): number {
  const longest = Math.max(
    0,
    ...rows.flatMap((row) =>
      (row[column] ?? '').split('\n').map((line) => Array.from(line).length),
    ),
  );
  return Math.min(60, Math.max(8, longest + 2));
}

function addSheet(workbook: ExcelJS.Workbook, plan: SheetPlan, options: WriteOptions): void {
  const sheet = workbook.addWorksheet(plan.name, {
    views: plan.header ? [{ state: 'frozen', ySplit: 1 }] : [],
  });
  const rows = plan.rows.map((row) => row.map(cleanText));
  rows.forEach((row, rowIndex) => {
    const isHeader = plan.header && rowIndex === 0;
    const sheetRow = sheet.getRow(rowIndex + 1);
    row.forEach((text, column) => {
      const cell = sheetRow.getCell(column + 1);
      if (text === '') return;
      const { value, format } = isHeader ? { value: text } : cellValue(text, options);
      cell.value = value;
      if (format) cell.numFmt = format;
      if (typeof value === 'string' && value.includes('\n')) {
        cell.alignment = { wrapText: true, vertical: 'top' };
      }
    });
    if (isHeader) sheetRow.font = { bold: true };
  });
  sheet.columns.forEach((column, index) => {
    column.width = columnWidth(rows, index);
  });
  const columns = rows[0]?.length ?? 0;
  if (plan.header && columns > 0 && rows.length > 1) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows.length, column: columns } };
  }
}

/**
 * Every table of the model as a sheet: the header row bold, frozen and filterable, columns sized
 * by content, numbers and ISO dates stored as such and everything else as text (never as a
 * formula). With `language` the ambiguous `1.234` / `1,234` are read in its notation; without,
 * they stay text.
 */
export async function writeXlsx(model: DocumentModel, options: WriteOptions = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'AI Studio';
  workbook.lastModifiedBy = 'AI Studio';
  workbook.title = resolveTitle(model, options);
  // exceljs writes `dc:language` from this property, which its typings leave out.
  if (options.language) Object.assign(workbook, { language: options.language });
  workbook.created = new Date();
  workbook.modified = workbook.created;
  for (const plan of sheetPlans(model)) addSheet(workbook, plan, options);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
