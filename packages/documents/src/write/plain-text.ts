import type { Block, DocumentModel, Span } from '../model.ts';
import { itemNumbers, normalisedItems, partBlocks, squareRows } from './flow.ts';
import { writtenSpans } from './inline.ts';
import { cleanText } from './options.ts';

/** Text with each link's address after it, unless the text is the address. */
const inline = (spans: readonly Span[]): string =>
  writtenSpans(spans)
    .map((span) =>
      span.href && span.href !== span.text && `mailto:${span.text}` !== span.href
        ? `${span.text} (${span.href.replace(/^mailto:/, '')})`
        : span.text,
    )
    .join('');

function block(each: Block): string {
  switch (each.type) {
    case 'heading':
    case 'paragraph':
      return inline(each.spans);
    case 'list': {
      const items = normalisedItems(each.items);
      const numbers = itemNumbers(items);
      return items
        .map(
          (item, index) =>
            `${'  '.repeat(item.depth)}${each.ordered ? `${numbers[index] ?? 1}.` : '-'} ${inline(item.spans)}`,
        )
        .join('\n');
    }
    case 'table':
      return squareRows(each.rows)
        .map((row) => row.map((cell) => cleanText(cell).replace(/\s*\n\s*/g, ' ')).join('\t'))
        .join('\n');
    case 'code':
      return cleanText(each.text).replace(/\n+$/, '');
  }
}

/**
 * The model as plain text: blocks separated by blank lines, lists by depth with their numbers,
 * tables with tab-separated cells (they paste into a spreadsheet), links followed by their address.
 */
export function writeText(model: DocumentModel): string {
  const blocks = model.parts
    .flatMap((part) => partBlocks(part).map(block))
    .filter((text) => text.trim() !== '');
  return blocks.length > 0 ? `${blocks.join('\n\n')}\n` : '';
}
