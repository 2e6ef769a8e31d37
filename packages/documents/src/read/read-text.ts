import type { Block, DocumentModel } from '../model.ts';
import { DocumentError } from '../safety/document-error.ts';
import { decodeText } from '../safety/text-bytes.ts';
import { parseMarkdown } from './markdown.ts';
import { firstHeading, sectionsOf } from './parts.ts';
import { tidySpans } from './spans.ts';

export function textOf(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text === null) throw new DocumentError('malformed', 'The file is not valid UTF-8 text.');
  return text;
}

/** Plain text: one section, a paragraph for each run of lines between blank lines. */
export function readText(bytes: Uint8Array): DocumentModel {
  const blocks: Block[] = textOf(bytes)
    .split(/(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/)
    .map((chunk) => tidySpans([{ text: chunk.replace(/\r\n?/g, '\n') }], { keepLineBreaks: true }))
    .filter((spans) => spans.length > 0)
    .map((spans) => ({ type: 'paragraph', spans }));
  return {
    format: 'txt',
    title: null,
    parts: [{ ref: { kind: 'section', number: 1, name: null }, blocks, source: 'text' }],
  };
}

/** Markdown: sections by its top-level headings (see sectionsOf). */
export function readMarkdown(bytes: Uint8Array): DocumentModel {
  const blocks = parseMarkdown(textOf(bytes));
  return { format: 'md', title: firstHeading(blocks), parts: sectionsOf(blocks) };
}
