/**
 * A PDF page's text items (pdfjs) laid out again as blocks, from their positions alone:
 * - Lines: items whose baselines are within 0.4 of their font size, left to right; a gap wider
 *   than 0.15 of the size between two items is a space.
 * - Table cells: within a line, a gap of at least twice the font size separates cells. Two or
 *   more consecutive, closely spaced lines with the same number (≥ 2) of cells, each cell's left
 *   or right edge within 4 pt of the first line's, make a table (header guessed by guessHeader).
 *   Anything less regular stays paragraphs: a wrong table is worse than none.
 * - Headings: a line whose font is at least 1.2 times the document's body size (the size most
 *   characters use) and at most 150 characters: level 1 from 1.8 times, 2 from 1.4, else 3.
 *   Consecutive heading lines of one size are one heading.
 * - Lists: lines starting with a bullet (•, ◦, ▪, -, –, …) or a number ("1." "2)"); the depth
 *   from the indentation (12 pt a level); unmarked lines just right of an item continue it.
 * - Paragraphs: consecutive lines of one size with a baseline gap of at most 1.5 times the size.
 */
import type { Block, ListItem } from '../model.ts';
import { guessHeader } from './parts.ts';

export interface PositionedText {
  text: string;
  /** Left edge and baseline, in PDF points from the page's bottom left. */
  x: number;
  y: number;
  width: number;
  /** The font size in points (the text matrix's vertical scale). */
  size: number;
}

interface Cell {
  x: number;
  end: number;
  text: string;
}

interface Line {
  y: number;
  size: number;
  x: number;
  cells: Cell[];
  text: string;
}

const joinWithSpace = (left: string, right: string, gap: number, size: number) =>
  gap > 0.15 * size && !/\s$/.test(left) && !/^\s/.test(right) ? `${left} ${right}` : left + right;

function buildLines(items: readonly PositionedText[]): Line[] {
  const sorted = items
    .filter((item) => item.text.trim() !== '')
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PositionedText[][] = [];
  for (const item of sorted) {
    const group = groups[groups.length - 1];
    const anchor = group?.[0];
    if (group && anchor && Math.abs(anchor.y - item.y) <= 0.4 * Math.max(anchor.size, item.size)) {
      group.push(item);
    } else groups.push([item]);
  }
  return groups.map((group) => {
    const inOrder = [...group].sort((a, b) => a.x - b.x);
    const size = Math.max(...inOrder.map((item) => item.size));
    const cells: Cell[] = [];
    for (const item of inOrder) {
      const cell = cells[cells.length - 1];
      const gap = cell ? item.x - cell.end : 0;
      if (cell && gap < 2 * size) {
        cell.text = joinWithSpace(cell.text, item.text, gap, size);
        cell.end = Math.max(cell.end, item.x + item.width);
      } else cells.push({ x: item.x, end: item.x + item.width, text: item.text });
    }
    for (const cell of cells) cell.text = cell.text.replace(/\s+/g, ' ').trim();
    return {
      y: inOrder[0]?.y ?? 0,
      size,
      x: cells[0]?.x ?? 0,
      cells,
      text: cells.map((cell) => cell.text).join(' '),
    };
  });
}

const alignTolerance = 4;

function alignsWith(row: Line, columns: readonly Cell[]): boolean {
  return (
    row.cells.length === columns.length &&
    row.cells.every((cell, index) => {
      const column = columns[index];
      return (
        column !== undefined &&
        (Math.abs(cell.x - column.x) <= alignTolerance ||
          Math.abs(cell.end - column.end) <= alignTolerance)
      );
    })
  );
}

const closeBelow = (upper: Line, lower: Line) =>
  upper.y - lower.y <= 2.5 * Math.max(upper.size, lower.size);

/** How many lines from `start` form a table (0 when they don't). */
function tableLength(lines: readonly Line[], start: number): number {
  const first = lines[start];
  if (!first || first.cells.length < 2) return 0;
  let end = start + 1;
  while (end < lines.length) {
    const line = lines[end];
    const previous = lines[end - 1];
    if (!line || !previous || !closeBelow(previous, line) || !alignsWith(line, first.cells)) break;
    end += 1;
  }
  return end - start >= 2 ? end - start : 0;
}

const bulletPattern = /^([•◦▪▫‣∙·○●■□➢►✓-]|[–—])\s+/u;
const numberPattern = /^\d{1,3}[.)]\s+/;

export function headingLevel(size: number, bodySize: number): 1 | 2 | 3 | null {
  const ratio = size / bodySize;
  if (ratio >= 1.8) return 1;
  if (ratio >= 1.4) return 2;
  if (ratio >= 1.2) return 3;
  return null;
}

/** The size most characters use: the body text's. */
export function bodySizeOf(items: readonly PositionedText[]): number {
  const counts = new Map<number, number>();
  for (const item of items) {
    const size = Math.round(item.size * 2) / 2;
    counts.set(size, (counts.get(size) ?? 0) + item.text.replace(/\s/g, '').length);
  }
  let best = 0;
  let bestCount = -1;
  for (const [size, count] of counts) {
    if (count > bestCount) {
      best = size;
      bestCount = count;
    }
  }
  return best > 0 ? best : 12;
}

export function layoutPage(items: readonly PositionedText[], bodySize: number): Block[] {
  const lines = buildLines(items);
  const blocks: Block[] = [];
  let paragraph: Line[] = [];
  let list: { ordered: boolean; baseX: number; items: (ListItem & { x: number })[] } | null = null;

  const flushParagraph = () => {
    const [first] = paragraph;
    if (first) {
      const text = paragraph.map((line) => line.text).join(' ');
      const level = text.length <= 150 ? headingLevel(first.size, bodySize) : null;
      blocks.push(
        level
          ? { type: 'heading', level, spans: [{ text }] }
          : { type: 'paragraph', spans: [{ text }] },
      );
    }
    paragraph = [];
  };
  const flushList = () => {
    if (list) {
      blocks.push({
        type: 'list',
        ordered: list.ordered,
        items: list.items.map(({ depth, spans }) => ({ depth, spans })),
      });
    }
    list = null;
  };

  for (let index = 0; index < lines.length;) {
    const line = lines[index];
    if (!line) break;
    const rows = tableLength(lines, index);
    if (rows > 0) {
      flushParagraph();
      flushList();
      const table = lines
        .slice(index, index + rows)
        .map((row) => row.cells.map((cell) => cell.text));
      blocks.push({ type: 'table', header: guessHeader(table), rows: table });
      index += rows;
      continue;
    }
    const previous = lines[index - 1];
    const bullet = bulletPattern.exec(line.text) ?? numberPattern.exec(line.text);
    if (bullet) {
      flushParagraph();
      const ordered = /^\d/.test(bullet[0]);
      if (list && ordered !== list.ordered && line.x <= list.baseX + 2) flushList();
      list ??= { ordered, baseX: line.x, items: [] };
      const depth = Math.max(0, Math.round((line.x - list.baseX) / 12));
      list.items.push({
        depth,
        x: line.x,
        spans: [{ text: line.text.slice(bullet[0].length).trim() }],
      });
      index += 1;
      continue;
    }
    const lastItem = list?.items[list.items.length - 1];
    if (
      list &&
      lastItem &&
      previous &&
      closeBelow(previous, line) &&
      line.x > lastItem.x + 2 &&
      line.size === previous.size
    ) {
      const [span] = lastItem.spans;
      if (span) span.text = `${span.text} ${line.text}`;
      index += 1;
      continue;
    }
    flushList();
    const last = paragraph[paragraph.length - 1];
    const continues =
      last !== undefined &&
      Math.abs(last.size - line.size) <= 0.1 * last.size &&
      last.y - line.y <= 1.5 * Math.max(last.size, line.size) &&
      // A heading's lines join each other only; a body line after a heading starts afresh.
      (headingLevel(last.size, bodySize) === null) === (headingLevel(line.size, bodySize) === null);
    if (!continues) flushParagraph();
    paragraph.push(line);
    index += 1;
  }
  flushParagraph();
  flushList();
  return blocks;
}
