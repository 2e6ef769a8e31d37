/**
 * Markdown's inline marks as spans: **bold** and __bold__, *italic* and _italic_ (not inside a
 * word for underscores), `code`, [links](https://…) and <https://…> autolinks, backslash escapes.
 * A careful subset of CommonMark: an opener without its closer stays text.
 */
import type { Span } from '../model.ts';
import { makeSpan, safeHref } from './spans.ts';

type Marks = Omit<Span, 'text'>;

const escapable = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

function runLength(text: string, at: number, char: string): number {
  let end = at;
  while (text[end] === char) end += 1;
  return end - at;
}

/** Where the emphasis run opened at `from` closes: a run of exactly `length` of the same char. */
function findCloser(text: string, from: number, char: string, length: number): number {
  let at = from;
  while (at < text.length) {
    if (text[at] === '\\') {
      at += 2;
      continue;
    }
    if (text[at] === '`') {
      const ticks = runLength(text, at, '`');
      const close = text.indexOf('`'.repeat(ticks), at + ticks);
      at = close < 0 ? at + ticks : close + ticks;
      continue;
    }
    if (text[at] !== char) {
      at += 1;
      continue;
    }
    const run = runLength(text, at, char);
    const closes =
      run === length &&
      !isSpace(text[at - 1]) &&
      at > from &&
      (char !== '_' || !isWordChar(text[at + run]));
    if (closes) return at;
    at += run;
  }
  return -1;
}

/** The `]` that closes the `[` at `open`, brackets balanced. */
function findLabelEnd(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at += 1) {
    const char = text[at];
    if (char === '\\') at += 1;
    else if (char === '[') depth += 1;
    else if (char === ']') {
      depth -= 1;
      if (depth === 0) return at;
    }
  }
  return -1;
}

const destinationPattern =
  /^\(\s*(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/;
const autolinkPattern = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i;

export function parseInline(text: string, marks: Marks = {}): Span[] {
  const spans: Span[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) spans.push(makeSpan(buffer, marks));
    buffer = '';
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at] ?? '';
    const next = text[at + 1];
    if (char === '\\' && next !== undefined && escapable.test(next)) {
      buffer += next;
      at += 2;
      continue;
    }
    if (char === '`') {
      const ticks = runLength(text, at, '`');
      let close = text.indexOf('`'.repeat(ticks), at + ticks);
      while (close >= 0 && runLength(text, close, '`') !== ticks) {
        close = text.indexOf('`'.repeat(ticks), close + runLength(text, close, '`'));
      }
      if (close >= 0) {
        flush();
        let code = text.slice(at + ticks, close).replace(/\n/g, ' ');
        if (code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
          code = code.slice(1, -1);
        spans.push(makeSpan(code, { ...marks, code: true }));
        at = close + ticks;
        continue;
      }
      buffer += '`'.repeat(ticks);
      at += ticks;
      continue;
    }
    if (char === '[') {
      const labelEnd = findLabelEnd(text, at);
      const destination = labelEnd >= 0 ? destinationPattern.exec(text.slice(labelEnd + 1)) : null;
      if (labelEnd >= 0 && destination) {
        flush();
        const href = safeHref((destination[1] ?? '').replace(/^<|>$/g, ''));
        spans.push(...parseInline(text.slice(at + 1, labelEnd), href ? { ...marks, href } : marks));
        at = labelEnd + 1 + destination[0].length;
        continue;
      }
    }
    if (char === '<') {
      const autolink = autolinkPattern.exec(text.slice(at));
      if (autolink) {
        flush();
        const url = autolink[1] ?? '';
        spans.push(makeSpan(url, { ...marks, href: url }));
        at += autolink[0].length;
        continue;
      }
    }
    if (char === '*' || char === '_') {
      const run = runLength(text, at, char);
      const length = Math.min(run, 3);
      const opens = !isSpace(text[at + run]) && (char !== '_' || !isWordChar(text[at - 1]));
      const close = opens ? findCloser(text, at + run, char, length) : -1;
      if (close >= 0) {
        flush();
        buffer = char.repeat(run - length);
        flush();
        const inner: Marks = {
          ...marks,
          ...(length >= 2 ? { bold: true } : {}),
          ...(length !== 2 ? { italic: true } : {}),
        };
        spans.push(...parseInline(text.slice(at + run, close), inner));
        at = close + length;
        continue;
      }
      buffer += char.repeat(run);
      at += run;
      continue;
    }
    buffer += char;
    at += 1;
  }
  flush();
  return spans;
}
