/**
 * XLSX through exceljs: a part per worksheet (its name kept), its used range as one table.
 * - Formulas give their cached results: exceljs does not compute, so a formula the writing
 *   program never computed reads as an empty cell (with a note).
 * - Dates as ISO 8601: YYYY-MM-DD at midnight, else YYYY-MM-DDTHH:MM:SS (Excel's dates carry no
 *   time zone; exceljs reads them as UTC).
 * - Merged cells: the text once, in the top-left cell; the others of the merge are blank.
 * - Rows left wholly blank inside the used range are left out.
 * - Header: the first row is taken for column names when all its cells are text and some cell
 *   below is a number, a date or a truth value.
 * Like mammoth, exceljs unzips with JSZip, so it gets a copy rebuilt from verified entries.
 */
import ExcelJS from 'exceljs';
import type { DocumentModel, DocumentPart } from '../model.ts';
import { DocumentError } from '../safety/document-error.ts';
import type { ReadLimits } from '../safety/limits.ts';
import { openZip } from '../safety/zip-archive.ts';
import type { ReadNote } from './read-result.ts';
import { verifiedCopy } from './ooxml-package.ts';

const leftOut = /(^|\/)(vbaProject\.bin|vbaData\.xml)$|\/(embeddings|activeX)\//i;

interface CellReading {
  text: string;
  /** A number, a date or a truth value (for the header guess). */
  isValue: boolean;
  formulaWithoutResult: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function isoDate(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  if (seconds === 0) return day;
  return `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** A number without binary noise (0.1 + 0.2 reads 0.3, as Excel shows it). */
const numberText = (value: number) => String(Number(value.toPrecision(15)));

function readValue(value: ExcelJS.CellValue): CellReading {
  const plain = (text: string, isValue = false): CellReading => ({
    text,
    isValue,
    formulaWithoutResult: false,
  });
  if (value === null || value === undefined) return plain('');
  if (typeof value === 'number') return plain(numberText(value), true);
  if (typeof value === 'string') return plain(value);
  if (typeof value === 'boolean') return plain(value ? 'TRUE' : 'FALSE', true);
  if (value instanceof Date) return plain(isoDate(value), true);
  if ('richText' in value) return plain(value.richText.map((run) => run.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result: unknown = value.result;
    if (result === undefined || result === null) {
      return { text: '', isValue: false, formulaWithoutResult: true };
    }
    if (typeof result === 'object' && result !== null && 'error' in result) {
      return plain(String(result.error));
    }
    return readValue(result as ExcelJS.CellValue);
  }
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    if (typeof text === 'string') return plain(text);
    if (text && typeof text === 'object' && 'richText' in text) {
      return readValue(text as ExcelJS.CellValue);
    }
    return plain(value.hyperlink);
  }
  if ('error' in value) return plain(String(value.error));
  return plain('');
}

export async function readXlsx(
  bytes: Uint8Array,
  limits: ReadLimits,
  notes: ReadNote[],
): Promise<DocumentModel> {
  const zip = openZip(bytes, limits);
  const copy = verifiedCopy(zip, (name) => !leftOut.test(name));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      copy.buffer.slice(copy.byteOffset, copy.byteOffset + copy.byteLength) as ArrayBuffer,
    );
  } catch (error) {
    throw new DocumentError('malformed', 'The XLSX file is damaged and could not be read.', {
      cause: error,
    });
  }
  let cellsLeft = limits.maxCells;
  const parts: DocumentPart[] = workbook.worksheets.map((sheet, index) => {
    const cells = new Map<number, Map<number, CellReading>>();
    let minColumn = Number.POSITIVE_INFINITY;
    let maxColumn = 0;
    let unfinishedFormulas = 0;
    let rowsCut = false;
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (cells.size >= limits.maxRows) {
        rowsCut = true;
        return;
      }
      const rowCells = new Map<number, CellReading>();
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        if (cell.isMerged && cell.master.address !== cell.address) return;
        const reading = readValue(cell.value);
        if (reading.formulaWithoutResult) unfinishedFormulas += 1;
        if (reading.text === '') return;
        rowCells.set(column, reading);
        minColumn = Math.min(minColumn, column);
        maxColumn = Math.max(maxColumn, column);
      });
      if (rowCells.size > 0) cells.set(rowNumber, rowCells);
    });
    const number = index + 1;
    if (rowsCut) {
      notes.push({
        code: 'rows-cut',
        message: `Only the first ${limits.maxRows} rows of the sheet ${sheet.name} were read.`,
        part: number,
      });
    }
    if (unfinishedFormulas > 0) {
      notes.push({
        code: 'formula-without-result',
        message: `${unfinishedFormulas} formulas of the sheet ${sheet.name} were saved without their results and read as empty (formulas are not computed).`,
        part: number,
      });
    }
    const width = maxColumn >= minColumn ? maxColumn - minColumn + 1 : 0;
    const readings: CellReading[][] = [];
    for (const rowNumber of [...cells.keys()].sort((a, b) => a - b)) {
      if (cellsLeft < width) {
        notes.push({
          code: 'cells-cut',
          message: `Only the first ${limits.maxCells} cells of the workbook were read.`,
          part: number,
        });
        break;
      }
      cellsLeft -= width;
      const row = cells.get(rowNumber);
      readings.push(
        Array.from(
          { length: width },
          (_, offset) =>
            row?.get(minColumn + offset) ?? {
              text: '',
              isValue: false,
              formulaWithoutResult: false,
            },
        ),
      );
    }
    const [first, ...rest] = readings;
    const header =
      first !== undefined &&
      first.every((cell) => cell.text.trim() !== '' && !cell.isValue) &&
      rest.some((row) => row.some((cell) => cell.isValue));
    const rows = readings.map((row) => row.map((cell) => cell.text));
    return {
      ref: { kind: 'sheet', number, name: sheet.name },
      blocks: rows.length > 0 ? [{ type: 'table', header, rows }] : [],
      source: 'text',
    };
  });
  const title = workbook.title?.trim();
  return { format: 'xlsx', title: title || null, parts };
}
