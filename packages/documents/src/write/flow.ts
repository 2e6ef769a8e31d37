import type { Block, DocumentModel, DocumentPart, ListItem } from '../model.ts';

export type TableBlock = Extract<Block, { type: 'table' }>;

/**
 * How the writers that lay parts out one after another (DOCX, PDF, Markdown, text) separate them:
 * a PDF's pages, a deck's slides and a workbook's sheets each begin a new page (or a thematic
 * break), while a document's sections flow on, since they are one text cut at its headings.
 */
export const startsOnNewPage = (part: DocumentPart, index: number): boolean =>
  index > 0 && part.ref.kind !== 'section';

/**
 * A part's blocks as written. A sheet's name is its only title (a reader puts its cells in a
 * table), so it is written as a heading above them unless the part begins with a heading.
 */
export function partBlocks(part: DocumentPart): Block[] {
  const [first] = part.blocks;
  if (part.ref.kind === 'sheet' && part.ref.name && first?.type !== 'heading') {
    return [{ type: 'heading', level: 2, spans: [{ text: part.ref.name }] }, ...part.blocks];
  }
  return part.blocks;
}

/** Every block of the model with the part it is in, in order. */
export function* modelBlocks(
  model: DocumentModel,
): Generator<{ part: DocumentPart; block: Block }> {
  for (const part of model.parts) for (const block of partBlocks(part)) yield { part, block };
}

/**
 * A list's items with depths that never jump (0 then 2 becomes 0 then 1): every writer nests an
 * item under the one before it, and a jump would leave a level with no item.
 */
export function normalisedItems(items: readonly ListItem[]): ListItem[] {
  let previous = -1;
  return items.map((item) => {
    const depth = Math.max(0, Math.min(Math.floor(item.depth), previous + 1, 8));
    previous = depth;
    return { ...item, depth };
  });
}

/** The number each item of an ordered list shows: counted per depth, restarted under a new parent. */
export function itemNumbers(items: readonly ListItem[]): number[] {
  const counters: number[] = [];
  return items.map((item) => {
    counters.length = item.depth + 1;
    const next = (counters[item.depth] ?? 0) + 1;
    counters[item.depth] = next;
    return next;
  });
}

/** A table's rows all as wide as its widest, so every writer can lay out a grid. */
export function squareRows(rows: readonly (readonly string[])[]): string[][] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  return rows.map((row) => Array.from({ length: width }, (_, column) => row[column] ?? ''));
}
