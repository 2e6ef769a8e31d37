import { squareRows } from '../flow.ts';
import { cleanText } from '../options.ts';
import { colors, lineHeightOf, type PdfCanvas, type TextStyle } from './canvas.ts';
import { breakLines, type Line, type Piece } from './line-breaking.ts';

const size = 9.5;
const padding = 4;
const lineHeight = lineHeightOf(size);

/** A cell's text in stretches each face can draw (see `PdfFonts.segments`). */
type Cell = Piece<TextStyle>[];

const cellText = (cell: Cell): string => cell.map((piece) => piece.text).join('');

/**
 * Column widths as a browser sizes an automatic table: each column's natural width (its longest
 * cell unbroken) when they all fit; otherwise each column gets at least its longest word and the
 * rest of the line is shared out by how much more each would like. Columns whose words alone
 * overflow the line are shrunk in proportion, and their words broken.
 */
export function columnWidths(
  natural: readonly number[],
  minimum: readonly number[],
  room: number,
): number[] {
  const naturalSum = natural.reduce((a, b) => a + b, 0);
  if (naturalSum <= room) return [...natural];
  const minimumSum = minimum.reduce((a, b) => a + b, 0);
  if (minimumSum >= room) return minimum.map((width) => (width / minimumSum) * room);
  const extra = naturalSum - minimumSum;
  return minimum.map(
    (width, column) => width + (((natural[column] ?? width) - width) / extra) * (room - minimumSum),
  );
}

function measureColumns(canvas: PdfCanvas, rows: readonly Cell[][]): number[] {
  const columns = rows[0]?.length ?? 0;
  const natural = Array.from({ length: columns }, () => 2 * padding + 12);
  const minimum = [...natural];
  for (const row of rows) {
    row.forEach((cell, column) => {
      // Measured in the cell's main face: close enough for sharing out widths.
      const style = cell[0]?.style ?? canvas.style('regular', size);
      const text = cellText(cell);
      const lines = text.split('\n').map((line) => canvas.measure(line, style));
      const words = text.split(/\s+/).map((word) => canvas.measure(word, style));
      natural[column] = Math.max(
        natural[column] ?? 0,
        ...lines.map((width) => width + 2 * padding),
      );
      minimum[column] = Math.max(
        minimum[column] ?? 0,
        ...words.map((width) => width + 2 * padding),
      );
    });
  }
  return columnWidths(natural, minimum, canvas.width);
}

/** Lines `from` to `from + count` of every cell of a row, in a bordered band. */
function drawBand(
  canvas: PdfCanvas,
  cells: readonly Line<TextStyle>[][],
  widths: readonly number[],
  from: number,
  count: number,
  header: boolean,
): void {
  const height = count * lineHeight + 2 * padding;
  const top = canvas.y;
  let x = canvas.left;
  cells.forEach((lines, column) => {
    const width = widths[column] ?? 0;
    if (header) canvas.fillRect(x, top, width, height, colors.headerBackground);
    canvas.strokeRect(x, top, width, height);
    lines.slice(from, from + count).forEach((line, index) => {
      canvas.y = top - padding - index * lineHeight;
      canvas.drawLineHere(line, x + padding, size);
    });
    x += width;
  });
  canvas.y = top - height;
}

/**
 * A table with columns sized by content and cells wrapped. A row that does not fit the rest of a
 * page goes to the next, below the header row again; a row taller than a whole page is cut
 * between lines.
 */
export function drawTable(canvas: PdfCanvas, header: boolean, rawRows: readonly string[][]): void {
  const rows: Cell[][] = squareRows(rawRows).map((row, rowIndex) =>
    row.map((text) =>
      canvas.fonts
        .segments(cleanText(text), header && rowIndex === 0 ? 'bold' : 'regular')
        .map((segment) => ({ text: segment.text, style: canvas.style(segment.face, size) })),
    ),
  );
  if (rows.length === 0 || (rows[0]?.length ?? 0) === 0) return;
  const widths = measureColumns(canvas, rows);
  const laidOut = rows.map((row) =>
    row.map((cell, column) =>
      breakLines(cell, (widths[column] ?? 0) - 2 * padding, canvas.measure),
    ),
  );
  const bandHeight = (lines: number): number => lines * lineHeight + 2 * padding;
  const [headerRow, ...bodyRows] = header ? laidOut : [null, ...laidOut];
  const headerLines = headerRow ? Math.max(1, ...headerRow.map((lines) => lines.length)) : 0;
  const drawHeader = (): void => {
    if (headerRow) drawBand(canvas, headerRow, widths, 0, headerLines, true);
  };

  canvas.ensure((headerRow ? bandHeight(headerLines) : 0) + bandHeight(1));
  drawHeader();
  for (const row of bodyRows) {
    if (!row) continue;
    const total = Math.max(1, ...row.map((lines) => lines.length));
    let done = 0;
    let onFreshPage = false;
    while (done < total) {
      const fits = Math.floor((canvas.room - 2 * padding) / lineHeight);
      const wholeRowFitsOnAPage =
        bandHeight(total - done) <= canvas.pageRoom - (headerRow ? bandHeight(headerLines) : 0);
      const mustBreak = fits < 1 || (done === 0 && fits < total && wholeRowFitsOnAPage);
      if (mustBreak && !onFreshPage) {
        canvas.newPage();
        drawHeader();
        onFreshPage = true;
        continue;
      }
      const count = Math.max(1, Math.min(fits, total - done));
      drawBand(canvas, row, widths, done, count, false);
      done += count;
      onFreshPage = false;
    }
  }
}
