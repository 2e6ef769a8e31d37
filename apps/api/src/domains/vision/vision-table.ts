import type { VisionLine, VisionWord } from '@studio/contracts';

/**
 * The table in a read picture's text, rebuilt from the words' boxes (OCR reads text, not tables):
 *
 * 1. Rows: lines whose vertical extents overlap by at least half the shorter one's height are
 *    one row (Tesseract may read a table's row as several lines, one per block of cells).
 * 2. Cells: in a row, words left to right; a gap wider than two character widths starts a new
 *    cell (a word space is about one). The character width is the median over all words of a
 *    word's width divided by its letters.
 * 3. Columns: the cells of rows with at least two cells are projected on the x axis and their
 *    spans merged where they overlap or lie closer than one character width; each merged span is
 *    a column. A cell goes to the column its centre falls in (or the nearest); two cells of one
 *    row in one column are joined by a space.
 * 4. It is a table when at least two rows have cells in at least two columns.
 *
 * Prose has word spaces only, so each of its lines is one cell and no table is found; a page set
 * in two text columns does look like a two-column table.
 */

export interface VisionTable {
  rows: string[][];
}

interface Cell {
  text: string;
  left: number;
  right: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The median width of one character over all words (at least one pixel). */
function characterWidth(words: readonly VisionWord[]): number {
  const widths = words
    .filter((word) => word.text.length > 0 && word.box.width > 0)
    .map((word) => word.box.width / [...word.text].length);
  return Math.max(1, median(widths));
}

/** Lines grouped into rows by vertical overlap, top to bottom; each row's words left to right. */
function rowsOf(lines: readonly VisionLine[]): VisionWord[][] {
  const sorted = [...lines]
    .filter((line) => line.words.length > 0)
    .sort((a, b) => a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2));
  const rows: { top: number; bottom: number; words: VisionWord[] }[] = [];
  for (const line of sorted) {
    const top = line.box.y;
    const bottom = line.box.y + line.box.height;
    const row = rows.find((candidate) => {
      const overlap = Math.min(bottom, candidate.bottom) - Math.max(top, candidate.top);
      const shorter = Math.min(bottom - top, candidate.bottom - candidate.top);
      return shorter > 0 && overlap >= shorter / 2;
    });
    if (row) {
      row.top = Math.min(row.top, top);
      row.bottom = Math.max(row.bottom, bottom);
      row.words.push(...line.words);
    } else {
      rows.push({ top, bottom, words: [...line.words] });
    }
  }
  return rows.map((row) => row.words.sort((a, b) => a.box.x - b.box.x));
}

/** A row's words as cells: a gap wider than `gap` pixels starts a new one. */
function cellsOf(words: readonly VisionWord[], gap: number): Cell[] {
  const cells: Cell[] = [];
  for (const word of words) {
    const last = cells.at(-1);
    const left = word.box.x;
    const right = word.box.x + word.box.width;
    if (last && left - last.right <= gap) {
      last.text = `${last.text} ${word.text}`;
      last.right = Math.max(last.right, right);
    } else {
      cells.push({ text: word.text, left, right });
    }
  }
  return cells;
}

/** The columns' spans: the cells' spans merged where they overlap or nearly touch. */
function columnsOf(cells: readonly Cell[], slack: number): { left: number; right: number }[] {
  const spans = [...cells].sort((a, b) => a.left - b.left);
  const columns: { left: number; right: number }[] = [];
  for (const span of spans) {
    const last = columns.at(-1);
    if (last && span.left <= last.right + slack) last.right = Math.max(last.right, span.right);
    else columns.push({ left: span.left, right: span.right });
  }
  return columns;
}

/** The column a cell belongs to: the one its centre lies in, else the nearest. */
function columnIndexOf(cell: Cell, columns: readonly { left: number; right: number }[]): number {
  const centre = (cell.left + cell.right) / 2;
  let best = 0;
  let bestDistance = Infinity;
  columns.forEach((column, index) => {
    const distance =
      centre < column.left
        ? column.left - centre
        : centre > column.right
          ? centre - column.right
          : 0;
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** The table the lines make, or null when they do not line up in at least 2 rows × 2 columns. */
export function tableOf(lines: readonly VisionLine[]): VisionTable | null {
  const words = lines.flatMap((line) => line.words);
  if (words.length < 4) return null;
  const width = characterWidth(words);
  const rows = rowsOf(lines).map((row) => cellsOf(row, 2 * width));
  const multiCell = rows.filter((row) => row.length >= 2);
  if (multiCell.length < 2) return null;
  const columns = columnsOf(multiCell.flat(), width);
  if (columns.length < 2) return null;

  const table = rows.map((row) => {
    const cells: string[] = columns.map(() => '');
    for (const cell of row) {
      const index = columnIndexOf(cell, columns);
      cells[index] = cells[index] ? `${cells[index]} ${cell.text}` : cell.text;
    }
    return cells;
  });
  const filledRows = table.filter((row) => row.filter((cell) => cell !== '').length >= 2);
  return filledRows.length >= 2 ? { rows: table } : null;
}

/** Whether the lines make a table (what a read's `hasTable` says). */
export const hasTable = (lines: readonly VisionLine[]): boolean => tableOf(lines) !== null;
