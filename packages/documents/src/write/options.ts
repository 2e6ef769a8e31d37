import type { DocumentModel } from '../model.ts';

/** The languages the studio writes documents in: they set proofing and the files' metadata. */
export const writeLanguages = ['en-US', 'vi-VN'] as const;
export type WriteLanguage = (typeof writeLanguages)[number];

export interface WriteOptions {
  /** The document's title for its metadata (and a deck's title slide); the model's own by default. */
  title?: string | null;
  /** `en-US` unless told. */
  language?: WriteLanguage;
}

export const resolveTitle = (model: DocumentModel, options: WriteOptions): string =>
  cleanText(options.title ?? model.title ?? '').trim();

export const resolveLanguage = (options: WriteOptions): WriteLanguage =>
  options.language ?? 'en-US';

/**
 * Text every writer can store: NFC (Vietnamese in one code point per letter, as DejaVu and Office
 * fonts carry it) and without the control characters and lone surrogates that make XML invalid
 * (a DOCX, XLSX or PPTX with one will not open). Tabs and line breaks stay.
 */
export const cleanText = (text: string): string =>
  text
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
