import { type Block, blockText, type DocumentPart, spanText } from '../model.ts';
import type { ReadNote } from './read-result.ts';

/** A block's text cut to `room` characters; null when nothing of it fits. */
function cutBlock(block: Block, room: number): Block | null {
  if (room <= 0) return null;
  switch (block.type) {
    case 'heading':
    case 'paragraph': {
      const spans = [];
      let left = room;
      for (const span of block.spans) {
        if (left <= 0) break;
        spans.push({ ...span, text: span.text.slice(0, left) });
        left -= span.text.length;
      }
      return { ...block, spans };
    }
    case 'code':
      return { ...block, text: block.text.slice(0, room) };
    case 'list': {
      const items = [];
      let left = room;
      for (const item of block.items) {
        const length = spanText(item.spans).length + 1;
        if (length > left) break;
        items.push(item);
        left -= length;
      }
      return items.length > 0 ? { ...block, items } : null;
    }
    case 'table': {
      const rows = [];
      let left = room;
      for (const row of block.rows) {
        const length = row.join('\t').length + 1;
        if (length > left) break;
        rows.push(row);
        left -= length;
      }
      return rows.length > 0 ? { ...block, rows } : null;
    }
  }
}

/** The blocks with at most `max` characters of text in all; whether some were cut. */
export function capBlocks(
  blocks: readonly Block[],
  max: number,
): { blocks: Block[]; cut: boolean } {
  const kept: Block[] = [];
  let used = 0;
  for (const block of blocks) {
    const length = blockText(block).length;
    if (used + length <= max) {
      kept.push(block);
      used += length;
      continue;
    }
    const cut = cutBlock(block, max - used);
    if (cut) kept.push(cut);
    return { blocks: kept, cut: true };
  }
  return { blocks: kept, cut: false };
}

/** Every part held to the per-part character cap, with a note for each part that was cut. */
export function capParts(parts: DocumentPart[], max: number, notes: ReadNote[]): DocumentPart[] {
  return parts.map((part) => {
    const { blocks, cut } = capBlocks(part.blocks, max);
    if (!cut) return part;
    notes.push({
      code: 'text-cut',
      message: `The ${part.ref.kind} ${part.ref.number} holds more than ${max} characters: the rest was left out.`,
      part: part.ref.number,
    });
    return { ...part, blocks };
  });
}

/**
 * A flowing document (DOCX, Markdown) cut into sections, one per heading of its top level (the
 * smallest level it uses), named by that heading; what comes before the first one is a section
 * without a name. A document without headings is one section.
 */
export function sectionsOf(blocks: readonly Block[]): DocumentPart[] {
  const levels = blocks.flatMap((block) => (block.type === 'heading' ? [block.level] : []));
  if (levels.length === 0) {
    return [
      { ref: { kind: 'section', number: 1, name: null }, blocks: [...blocks], source: 'text' },
    ];
  }
  const top = Math.min(...levels);
  const parts: DocumentPart[] = [];
  for (const block of blocks) {
    const starts = block.type === 'heading' && block.level === top;
    let part = parts[parts.length - 1];
    if (starts || !part) {
      part = {
        ref: {
          kind: 'section',
          number: parts.length + 1,
          name: starts ? spanText(block.spans) || null : null,
        },
        blocks: [],
        source: 'text',
      };
      parts.push(part);
    }
    part.blocks.push(block);
  }
  return parts;
}

/** The document's title: its first heading's text. */
export function firstHeading(blocks: readonly Block[]): string | null {
  for (const block of blocks) if (block.type === 'heading') return spanText(block.spans) || null;
  return null;
}

/** Whether a table's first row names its columns: all of it text, and something below is not. */
export function guessHeader(rows: readonly (readonly string[])[]): boolean {
  const [first, ...rest] = rows;
  if (!first || rest.length === 0) return false;
  const isValue = (cell: string) =>
    /^[-+]?[\d\s.,]*\d[\d\s.,]*%?$/.test(cell.trim()) ||
    /^\d{4}-\d{2}-\d{2}/.test(cell.trim()) ||
    /^(true|false)$/i.test(cell.trim());
  const firstAllText = first.every((cell) => cell.trim() !== '' && !isValue(cell));
  return (
    firstAllText && rest.some((row) => row.some((cell) => cell.trim() !== '' && isValue(cell)))
  );
}
