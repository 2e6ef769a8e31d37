import { parseNumber } from './cell-values.ts';
import type { TableBlock } from './flow.ts';
import { squareRows } from './flow.ts';
import { cleanText } from './options.ts';

/**
 * A cell a spreadsheet would run as a formula when it opens the file: one starting with `=`, `+`,
 * `-` or `@`, or with a tab or carriage return before one (OWASP's list). A plain number such as
 * `-12.5` is not one: it cannot call anything, and guarding it would turn it into text.
 */
const looksLikeFormula = (cell: string): boolean =>
  /^[=+\-@\t\r]/.test(cell) &&
  parseNumber(cell, 'en-US') === null &&
  parseNumber(cell, 'vi-VN') === null;

/**
 * An apostrophe in front makes such a cell text in Excel and LibreOffice (where it is the
 * "this is text" prefix) and is kept by the import rather than trimmed, as a leading space can
 * be (LibreOffice's "trim spaces" would re-arm the formula). It is visible in some programs: the
 * price of a cell that cannot run.
 */
const guarded = (cell: string): string => (looksLikeFormula(cell) ? `'${cell}` : cell);

const quoted = (cell: string): string =>
  /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;

/**
 * A table as CSV by RFC 4180: commas, double quotes around a field holding a comma, a quote or a
 * line break (quotes inside doubled), CRLF after every record. UTF-8 with a byte order mark,
 * because Excel reads a CSV without one in the system's legacy code page (Windows-1252 or -1258)
 * and turns every Vietnamese letter outside ASCII into two or three wrong ones. Cells that would
 * start a formula get an apostrophe in front (see `guarded`).
 */
export function writeCsv(table: TableBlock | readonly (readonly string[])[]): Buffer {
  const rows = squareRows('rows' in table ? table.rows : table);
  const text = rows
    .map((row) => row.map((cell) => quoted(guarded(cleanText(cell)))).join(',') + '\r\n')
    .join('');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
