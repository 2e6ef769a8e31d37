import type { OfficeBlock } from '@studio/contracts';

type ListBlock = Extract<OfficeBlock, { type: 'list' }>;
export type OfficeSpans = ListBlock['items'][number]['spans'];

/** A list item with the items nested under it. */
export interface ListNode {
  spans: OfficeSpans;
  children: ListNode[];
}

/**
 * A list's flat items (each with its depth, as the readers give them) as a tree to render as
 * nested lists. A depth that jumps (0 then 2) nests one level under the item before it, and an
 * indented first item is read as the top level: HTML cannot open a list inside nothing.
 */
export function nestListItems(items: ListBlock['items']): ListNode[] {
  const roots: ListNode[] = [];
  // The open path: the last node at each level, with the depth it was written at.
  const path: { depth: number; node: ListNode }[] = [];
  for (const item of items) {
    const node: ListNode = { spans: item.spans, children: [] };
    while (path.length > 0 && (path.at(-1)?.depth ?? 0) >= item.depth) path.pop();
    const parent = path.at(-1);
    if (parent) parent.node.children.push(node);
    else roots.push(node);
    path.push({ depth: item.depth, node });
  }
  return roots;
}

/** A block's plain text (for finding a cited passage in it). */
export function blockText(block: OfficeBlock): string {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return block.spans.map((span) => span.text).join('');
    case 'list':
      return block.items.map((item) => item.spans.map((span) => span.text).join('')).join('\n');
    case 'table':
      return block.rows.map((row) => row.join(' ')).join('\n');
    case 'code':
      return block.text;
  }
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Which of a part's blocks holds a cited passage: the first whose text contains the excerpt's
 * start (its first words, spaces and case aside: a passage may run past its block's end), else
 * the first block; -1 for a part with none.
 */
export function citedBlockIndex(blocks: readonly OfficeBlock[], excerpt: string): number {
  if (blocks.length === 0) return -1;
  const start = squeeze(excerpt).replace(/…$/, '').slice(0, 24).trim();
  if (!start) return 0;
  const found = blocks.findIndex((block) => squeeze(blockText(block)).includes(start));
  return found === -1 ? 0 : found;
}
