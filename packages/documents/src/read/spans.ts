import type { Span } from '../model.ts';

/** Only http(s) and mailto links are kept, as the model says. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : undefined;
}

const sameMarks = (a: Span, b: Span) =>
  Boolean(a.bold) === Boolean(b.bold) &&
  Boolean(a.italic) === Boolean(b.italic) &&
  Boolean(a.code) === Boolean(b.code) &&
  a.href === b.href;

/** A span with only the marks it has (no `bold: false`), so the JSON stays small. */
export function makeSpan(text: string, marks: Omit<Span, 'text'> = {}): Span {
  const span: Span = { text };
  if (marks.bold) span.bold = true;
  if (marks.italic) span.italic = true;
  if (marks.code) span.code = true;
  const href = safeHref(marks.href);
  if (href) span.href = href;
  return span;
}

/**
 * Spans joined where their marks agree, runs of white space folded to one space (as HTML and
 * Office lay them out) and the ends trimmed; empty spans dropped.
 */
export function tidySpans(
  spans: readonly Span[],
  options: { keepLineBreaks?: boolean } = {},
): Span[] {
  const merged: Span[] = [];
  for (const span of spans) {
    const text = options.keepLineBreaks
      ? span.text.replace(/[ \t\f\v\u00a0]+/g, ' ')
      : span.text.replace(/\s+/g, ' ');
    if (text === '') continue;
    const last = merged[merged.length - 1];
    if (last && sameMarks(last, span)) last.text += text;
    else merged.push({ ...span, text });
  }
  if (!options.keepLineBreaks) {
    for (let index = 1; index < merged.length; index += 1) {
      const previous = merged[index - 1];
      const span = merged[index];
      if (previous && span && previous.text.endsWith(' ') && span.text.startsWith(' ')) {
        span.text = span.text.slice(1);
      }
    }
  }
  const first = merged[0];
  if (first) first.text = first.text.replace(/^\s+/, '');
  const last = merged[merged.length - 1];
  if (last) last.text = last.text.replace(/\s+$/, '');
  return merged.filter((span) => span.text !== '');
}
