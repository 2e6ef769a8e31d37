/**
 * mammoth's HTML as blocks: h1–h6, paragraphs with bold, italic, code and links, ordered and
 * unordered lists with their depth (nested lists), tables cell by cell (a cell's paragraphs
 * joined by line breaks; a nested table's text folded into its cell; the first row a header when
 * Word marks it so, else by guessHeader). Images are dropped.
 */
import type { Block, ListItem, Span } from '../model.ts';
import {
  childElements,
  isElement,
  type MarkupElement,
  type MarkupNode,
  parseMarkup,
  textContent,
} from './markup.ts';
import { guessHeader } from './parts.ts';
import { makeSpan, tidySpans } from './spans.ts';

type Marks = Omit<Span, 'text'>;

function inlineSpans(nodes: readonly MarkupNode[], marks: Marks = {}): Span[] {
  const spans: Span[] = [];
  for (const node of nodes) {
    if (!isElement(node)) {
      spans.push(makeSpan(node, marks));
      continue;
    }
    switch (node.name) {
      case 'strong':
      case 'b':
        spans.push(...inlineSpans(node.children, { ...marks, bold: true }));
        break;
      case 'em':
      case 'i':
        spans.push(...inlineSpans(node.children, { ...marks, italic: true }));
        break;
      case 'code':
        spans.push(...inlineSpans(node.children, { ...marks, code: true }));
        break;
      case 'a': {
        const href = node.attributes.href;
        spans.push(...inlineSpans(node.children, href ? { ...marks, href } : marks));
        break;
      }
      case 'br':
        spans.push(makeSpan(' ', marks));
        break;
      case 'img':
      case 'ul':
      case 'ol':
      case 'table':
        break;
      default:
        spans.push(...inlineSpans(node.children, marks));
    }
  }
  return spans;
}

function listItems(list: MarkupElement, depth: number, items: ListItem[]): void {
  for (const item of childElements(list, 'li')) {
    const spans = tidySpans(inlineSpans(item.children));
    if (spans.length > 0) items.push({ depth, spans });
    for (const child of childElements(item)) {
      if (child.name === 'ul' || child.name === 'ol') listItems(child, depth + 1, items);
    }
  }
}

/** A cell's text: its paragraphs one a line, white space folded within each. */
function cellText(cell: MarkupElement): string {
  const paragraphs = childElements(cell).filter((child) => child.name !== 'table');
  const texts = (paragraphs.length > 0 ? paragraphs : [cell]).map((node) =>
    textContent(node).replace(/\s+/g, ' ').trim(),
  );
  const nested = childElements(cell, 'table').map((table) =>
    tableRows(table)
      .map((row) => row.join(' '))
      .join(' '),
  );
  return [...texts, ...nested].filter(Boolean).join('\n');
}

function rowElements(table: MarkupElement): MarkupElement[] {
  return childElements(table).flatMap((child) =>
    child.name === 'tr'
      ? [child]
      : ['thead', 'tbody', 'tfoot'].includes(child.name)
        ? childElements(child, 'tr')
        : [],
  );
}

function tableRows(table: MarkupElement): string[][] {
  return rowElements(table).map((row) =>
    childElements(row)
      .filter((cell) => cell.name === 'td' || cell.name === 'th')
      .map(cellText),
  );
}

function collectBlocks(nodes: readonly MarkupNode[], blocks: Block[]): void {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    const heading = /^h([1-6])$/.exec(node.name);
    if (heading) {
      const spans = tidySpans(inlineSpans(node.children));
      if (spans.length > 0) {
        blocks.push({ type: 'heading', level: Number(heading[1]) as 1 | 2 | 3 | 4 | 5 | 6, spans });
      }
      continue;
    }
    switch (node.name) {
      case 'p': {
        const spans = tidySpans(inlineSpans(node.children));
        if (spans.length > 0) blocks.push({ type: 'paragraph', spans });
        break;
      }
      case 'ul':
      case 'ol': {
        const items: ListItem[] = [];
        listItems(node, 0, items);
        if (items.length > 0) blocks.push({ type: 'list', ordered: node.name === 'ol', items });
        break;
      }
      case 'table': {
        const rows = tableRows(node);
        const width = Math.max(0, ...rows.map((row) => row.length));
        if (rows.length === 0 || width === 0) break;
        const firstRow = rowElements(node)[0];
        const marked =
          firstRow !== undefined &&
          childElements(firstRow).length > 0 &&
          childElements(firstRow).every((cell) => cell.name === 'th');
        const table = rows.map((row) =>
          Array.from({ length: width }, (_, index) => row[index] ?? ''),
        );
        // A header row marked as such (repeated on each page), else the usual guess.
        blocks.push({ type: 'table', header: marked || guessHeader(table), rows: table });
        break;
      }
      case 'pre':
        blocks.push({ type: 'code', text: textContent(node) });
        break;
      case 'img':
        break;
      default:
        collectBlocks(node.children, blocks);
    }
  }
}

export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  collectBlocks(parseMarkup(html, { html: true }).children, blocks);
  return blocks;
}
