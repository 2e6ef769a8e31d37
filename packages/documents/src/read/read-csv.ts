import type { DocumentModel } from '../model.ts';
import type { ReadLimits } from '../safety/limits.ts';
import { detectDelimiter, parseCsv } from './csv-rows.ts';
import { guessHeader } from './parts.ts';
import type { ReadNote } from './read-result.ts';
import { textOf } from './read-text.ts';

/**
 * A CSV as one sheet-like part holding one table; the separator found from the text, rows
 * padded to the widest, the header guessed (guessHeader), rows and cells capped.
 */
export function readCsv(bytes: Uint8Array, limits: ReadLimits, notes: ReadNote[]): DocumentModel {
  const text = textOf(bytes);
  const { delimiter } = detectDelimiter(text);
  const { rows, complete } = parseCsv(text, delimiter, limits.maxRows);
  let kept = rows;
  if (!complete) {
    notes.push({
      code: 'rows-cut',
      message: `Only the first ${limits.maxRows} rows were read.`,
      part: 1,
    });
  }
  const width = Math.max(0, ...kept.map((row) => row.length));
  const rowsWithin = Math.max(1, Math.floor(limits.maxCells / Math.max(width, 1)));
  if (kept.length > rowsWithin) {
    kept = kept.slice(0, rowsWithin);
    notes.push({
      code: 'cells-cut',
      message: `Only the first ${limits.maxCells} cells were read.`,
      part: 1,
    });
  }
  const table = kept.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? ''));
  return {
    format: 'csv',
    title: null,
    parts: [
      {
        ref: { kind: 'sheet', number: 1, name: null },
        blocks:
          table.length > 0 ? [{ type: 'table', header: guessHeader(table), rows: table }] : [],
        source: 'text',
      },
    ],
  };
}
