/**
 * Markdown into blocks: ATX and setext headings, paragraphs, lists (- * + and 1. 1)) with their
 * depth from indentation, GFM pipe tables, fenced and indented code, block quotes read as
 * paragraphs; thematic breaks and HTML are left as they are (HTML as text). No dependency.
 */
import { type Block, type ListItem, spanText } from '../model.ts';
import { parseInline } from './markdown-inline.ts';
import { tidySpans } from './spans.ts';

const fencePattern = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const atxPattern = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const setextPattern = /^ {0,3}(=+|-+)[ \t]*$/;
const breakPattern = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const itemPattern = /^([ \t]*)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const quotePattern = /^ {0,3}>[ \t]?(.*)$/;
const delimiterRowPattern = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const indentOf = (spaces: string) => spaces.replace(/\t/g, '    ').length;
const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

/** A GFM row's cells: split on pipes that are not escaped, the outer pipes dropped. */
function tableCells(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  const cells: string[] = [];
  let cell = '';
  for (let at = 0; at < trimmed.length; at += 1) {
    const char = trimmed[at];
    if (char === '\\' && trimmed[at + 1] === '|') {
      cell += '|';
      at += 1;
    } else if (char === '|') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((text) => spanText(parseInline(text.trim())).trim());
}

const startsTable = (line: string, next: string | undefined) =>
  line.includes('|') &&
  next !== undefined &&
  next.includes('-') &&
  delimiterRowPattern.test(next) &&
  tableCells(line).length === tableCells(next).length;

export function parseMarkdown(text: string): Block[] {
  const lines = text.split(/\r\n|\r|\n/);
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const spans = tidySpans(parseInline(paragraph.map((line) => line.trim()).join('\n')));
    if (spans.length > 0) blocks.push({ type: 'paragraph', spans });
    paragraph = [];
  };

  let at = 0;
  while (at < lines.length) {
    const line = lines[at] ?? '';
    if (isBlank(line)) {
      flushParagraph();
      at += 1;
      continue;
    }
    const fence = fencePattern.exec(line);
    if (fence) {
      flushParagraph();
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      at += 1;
      while (at < lines.length) {
        const inner = lines[at] ?? '';
        const trimmed = inner.trim();
        if (
          trimmed.startsWith(marker[0]?.repeat(marker.length) ?? marker) &&
          trimmed.replace(/[`~]/g, '') === ''
        )
          break;
        body.push(inner);
        at += 1;
      }
      at += 1;
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const atx = atxPattern.exec(line);
    if (atx) {
      flushParagraph();
      const level = (atx[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, spans: tidySpans(parseInline(atx[2] ?? '')) });
      at += 1;
      continue;
    }
    const setext = setextPattern.exec(line);
    if (setext && paragraph.length > 0) {
      const spans = tidySpans(parseInline(paragraph.map((part) => part.trim()).join(' ')));
      paragraph = [];
      blocks.push({ type: 'heading', level: setext[1]?.startsWith('=') ? 1 : 2, spans });
      at += 1;
      continue;
    }
    if (breakPattern.test(line)) {
      flushParagraph();
      at += 1;
      continue;
    }
    if (startsTable(line, lines[at + 1])) {
      flushParagraph();
      const rows = [tableCells(line)];
      const width = rows[0]?.length ?? 0;
      at += 2;
      while (at < lines.length && !isBlank(lines[at]) && (lines[at] ?? '').includes('|')) {
        const cells = tableCells(lines[at] ?? '');
        // GFM pads short rows and cuts long ones to the header's width.
        rows.push(Array.from({ length: width }, (_, index) => cells[index] ?? ''));
        at += 1;
      }
      blocks.push({ type: 'table', header: true, rows });
      continue;
    }
    const item = itemPattern.exec(line);
    // An item interrupts a paragraph only when it starts a list the usual way.
    if (item && (paragraph.length === 0 || indentOf(item[1] ?? '') === 0)) {
      flushParagraph();
      at = readList(lines, at, blocks);
      continue;
    }
    const quote = quotePattern.exec(line);
    if (quote) {
      paragraph.push(quote[1] ?? '');
      at += 1;
      continue;
    }
    if (paragraph.length === 0 && /^( {4}|\t)/.test(line)) {
      const body: string[] = [];
      while (at < lines.length && (/^( {4}|\t)/.test(lines[at] ?? '') || isBlank(lines[at]))) {
        body.push((lines[at] ?? '').replace(/^( {4}|\t)/, ''));
        at += 1;
      }
      while (body.length > 0 && isBlank(body[body.length - 1])) body.pop();
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    paragraph.push(line);
    at += 1;
  }
  flushParagraph();
  return blocks;
}

/** The list that starts at `start`: its items with depths, continuation lines joined in. */
function readList(lines: readonly string[], start: number, blocks: Block[]): number {
  const indents: number[] = [];
  let items: ListItem[] = [];
  let ordered = false;
  let texts: string[] = [];
  const endItem = () => {
    const item = items[items.length - 1];
    if (item && texts.length > 0) item.spans = tidySpans(parseInline(texts.join('\n')));
    texts = [];
  };
  const endList = () => {
    endItem();
    if (items.length > 0) blocks.push({ type: 'list', ordered, items });
    items = [];
  };
  let at = start;
  while (at < lines.length) {
    const line = lines[at] ?? '';
    const item = itemPattern.exec(line);
    if (item && !breakPattern.test(line)) {
      const indent = indentOf(item[1] ?? '');
      const isOrdered = /\d/.test(item[2] ?? '');
      while (indents.length > 0 && indent < (indents[indents.length - 1] ?? 0)) indents.pop();
      if (indents.length === 0 || indent > (indents[indents.length - 1] ?? 0)) indents.push(indent);
      const depth = indents.length - 1;
      // A top-level item of the other kind starts another list, as in CommonMark.
      if (depth === 0 && items.length > 0 && isOrdered !== ordered) endList();
      endItem();
      if (items.length === 0) ordered = isOrdered;
      items.push({ depth, spans: [] });
      texts = [item[3] ?? ''];
      at += 1;
      continue;
    }
    if (isBlank(line)) {
      // A blank line inside a list: the list goes on if an item or an indented line follows.
      let next = at + 1;
      while (next < lines.length && isBlank(lines[next])) next += 1;
      const following = lines[next];
      if (
        following !== undefined &&
        (itemPattern.test(following) || /^( {2,}|\t)/.test(following))
      ) {
        at = next;
        continue;
      }
      break;
    }
    if (
      /^( {2,}|\t)/.test(line) ||
      (!fencePattern.test(line) &&
        !atxPattern.test(line) &&
        !breakPattern.test(line) &&
        !quotePattern.test(line))
    ) {
      texts.push(line.trim());
      at += 1;
      continue;
    }
    break;
  }
  endList();
  return at;
}
