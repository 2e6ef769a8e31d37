import type { Block, DocumentModel, Span } from '../model.ts';
import { itemNumbers, normalisedItems, partBlocks, squareRows, startsOnNewPage } from './flow.ts';
import { writtenSpans, type WrittenSpan } from './inline.ts';
import { cleanText } from './options.ts';

/**
 * Characters that would start Markdown syntax inside a line: emphasis, code, links, raw HTML,
 * GFM's table pipes and strikethrough, the escape itself, and `&` where it would read as an
 * entity. Over-escaping is harmless (any ASCII punctuation may be escaped) but noisy, so only
 * these.
 */
const escapeText = (text: string): string =>
  text.replace(/[\\`*_[\]<>|~]/g, '\\$&').replace(/&(?=#?\w+;)/g, '\\&');

/** Markdown a line of text would begin by accident: a heading, quote, list item, rule, setext line. */
function escapeLineStart(line: string): string {
  const trimmed = line.replace(/^[ \t]+/, '');
  return trimmed
    .replace(/^(#{1,6})(?=\s|$)/, '\\$1')
    .replace(/^([>+])/, '\\$1')
    .replace(/^(-)(?=\s|$)/, '\\$1')
    .replace(/^(=+|-+)(\s*)$/, '\\$1$2')
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2');
}

/** A code span with a fence longer than any run of backticks inside it. */
function codeSpan(text: string): string {
  const flat = text.replace(/\n/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^`|`$/.test(flat) || (/^ .*[^ ].* $/.test(flat) && flat.length > 2) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Marks go around the text, its outer spaces outside them (`** a**` would not be emphasis). */
function marked(span: WrittenSpan): string {
  if (span.code) return codeSpan(span.text);
  const [, lead = '', core = '', trail = ''] = /^(\s*)([^]*?)(\s*)$/.exec(span.text) ?? [];
  const marker = span.bold && span.italic ? '***' : span.bold ? '**' : span.italic ? '*' : '';
  if (!core) return span.text;
  return `${lead}${marker}${escapeText(core).replace(/\n/g, '\\\n')}${marker}${trail}`;
}

/** A link's destination, in angle brackets when it holds parentheses. */
const destination = (href: string): string => (/[()]/.test(href) ? `<${href}>` : href);

function inline(spans: readonly Span[]): string {
  const parts: string[] = [];
  const written = writtenSpans(spans);
  for (let index = 0; index < written.length;) {
    const span = written[index];
    if (!span) break;
    if (!span.href) {
      parts.push(marked(span));
      index++;
      continue;
    }
    // Neighbouring spans with the same link are one link with marks inside.
    const inside: string[] = [];
    const { href } = span;
    while (written[index]?.href === href) {
      const next = written[index];
      if (next) inside.push(marked(next));
      index++;
    }
    parts.push(`[${inside.join('')}](${destination(href)})`);
  }
  return parts
    .join('')
    .split('\n')
    .map((line) => escapeLineStart(line))
    .join('\n');
}

function list(block: Block & { type: 'list' }): string {
  const items = normalisedItems(block.items);
  const numbers = itemNumbers(items);
  // Each depth starts where the text of its parent item starts.
  const offsets: number[] = [0];
  return items
    .map((item, index) => {
      const marker = block.ordered ? `${numbers[index] ?? 1}. ` : '- ';
      const indent = ' '.repeat(offsets[item.depth] ?? 0);
      offsets[item.depth + 1] = (offsets[item.depth] ?? 0) + marker.length;
      const continuation = `\n${indent}${' '.repeat(marker.length)}`;
      return `${indent}${marker}${inline(item.spans).split('\n').join(continuation)}`;
    })
    .join('\n');
}

const tableCell = (cell: string): string =>
  escapeText(cleanText(cell)).replace(/\r?\n/g, '<br>').trim();

function table(block: Block & { type: 'table' }): string {
  const rows = squareRows(block.rows);
  const [first] = rows;
  if (!first || first.length === 0) return '';
  // GFM tables need a header row: a table without one gets an empty one.
  const header = block.header ? first : first.map(() => '');
  const body = block.header ? rows.slice(1) : rows;
  const line = (cells: readonly string[]): string => `| ${cells.map(tableCell).join(' | ')} |`;
  return [line(header), `| ${header.map(() => '---').join(' | ')} |`, ...body.map(line)].join('\n');
}

/** A fence longer than any run of backticks in the code, so nothing inside can close it. */
function code(text: string): string {
  const clean = cleanText(text).replace(/\n+$/, '');
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${clean}\n${fence}`;
}

function block(each: Block): string {
  switch (each.type) {
    case 'heading': {
      const text = inline(each.spans).replace(/\\?\n/g, ' ');
      if (!text.trim()) return '';
      // A closing run of `#` would be taken as the heading's end marker.
      return `${'#'.repeat(each.level)} ${text.replace(/(\s)(#+)\s*$/, '$1\\$2')}`;
    }
    case 'paragraph':
      return inline(each.spans);
    case 'list':
      return list(each);
    case 'table':
      return table(each);
    case 'code':
      return code(each.text);
  }
}

/**
 * The model as CommonMark with GFM tables: ATX headings, `**`/`*` marks, links kept (web and mail
 * only), lists nested by depth, code in fences no backtick run inside can close, text escaped so
 * it reads back as the same text. Pages, slides and sheets are separated by a thematic break.
 */
export function writeMarkdown(model: DocumentModel): string {
  const out: string[] = [];
  model.parts.forEach((part, index) => {
    if (startsOnNewPage(part, index) && out.length > 0) out.push('---');
    let previous: Block | null = null;
    for (const each of partBlocks(part)) {
      const text = block(each);
      if (!text) continue;
      // Two lists in a row would merge into one: an empty comment keeps them apart.
      if (previous?.type === 'list' && each.type === 'list') out.push('<!-- -->');
      out.push(text);
      previous = each;
    }
  });
  return out.length > 0 ? `${out.join('\n\n')}\n` : '';
}
