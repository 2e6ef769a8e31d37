import type { Span } from '../model.ts';
import { safeHref } from './links.ts';
import { cleanText } from './options.ts';

/** A span ready to write: clean text, its link checked, empty ones gone. */
export interface WrittenSpan {
  text: string;
  bold: boolean;
  italic: boolean;
  code: boolean;
  href: string | null;
}

const sameMarks = (a: WrittenSpan, b: WrittenSpan): boolean =>
  a.bold === b.bold && a.italic === b.italic && a.code === b.code && a.href === b.href;

/**
 * Spans as every writer takes them: text cleaned, links outside http(s)/mailto dropped to plain
 * text, and neighbours with the same marks joined (so Markdown writes `**a b**`, not `**a** **b**`).
 */
export function writtenSpans(spans: readonly Span[]): WrittenSpan[] {
  const out: WrittenSpan[] = [];
  for (const span of spans) {
    const text = cleanText(span.text);
    if (!text) continue;
    const next: WrittenSpan = {
      text,
      bold: span.bold === true,
      italic: span.italic === true,
      code: span.code === true,
      href: safeHref(span.href),
    };
    const last = out.at(-1);
    if (last && sameMarks(last, next)) last.text += next.text;
    else out.push(next);
  }
  return out;
}
