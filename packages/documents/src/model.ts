/**
 * One model for every document the studio reads or writes. A reader turns a PDF, DOCX, XLSX, PPTX,
 * CSV, text or Markdown file into parts (a PDF's pages, a workbook's sheets, a deck's slides, a
 * DOCX's or a text's sections) made of blocks; a writer lays the same model out as a DOCX, PDF,
 * XLSX, PPTX, CSV or Markdown file. A conversion is a read then a write; a generated document is
 * a model the chat's model planned. Plain JSON throughout: it crosses worker threads and is kept
 * as a job's result.
 */

export const documentFormats = ['pdf', 'docx', 'xlsx', 'pptx', 'csv', 'txt', 'md'] as const;
export type DocumentFormat = (typeof documentFormats)[number];

/** Where a part is in its file, for citations: "page 3", "sheet Sales", "slide 2". */
export interface PartRef {
  kind: 'page' | 'sheet' | 'slide' | 'section';
  /** 1-based, in the file's order. */
  number: number;
  /** A sheet's name, a slide's or a section's title, when it has one. */
  name: string | null;
}

/** A run of text with its inline marks (only the ones every writer can keep). */
export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  /** An http(s) or mailto link; other schemes are dropped by readers and writers alike. */
  href?: string;
}

export interface ListItem {
  /** 0 for a top-level item, 1 for an item under it, … */
  depth: number;
  spans: Span[];
}

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; spans: Span[] }
  | { type: 'paragraph'; spans: Span[] }
  | { type: 'list'; ordered: boolean; items: ListItem[] }
  /** Cells as text, row by row; `header`: the first row names the columns. */
  | { type: 'table'; header: boolean; rows: string[][] }
  | { type: 'code'; text: string };

/** How a part's text was obtained. */
export type TextSource =
  /** The file's own text (a PDF's text layer, a DOCX's runs, a sheet's cells). */
  | 'text'
  /** A page with no or too little text layer (a scan), read with OCR. */
  | 'ocr';

export interface DocumentPart {
  ref: PartRef;
  blocks: Block[];
  source: TextSource;
}

export interface DocumentModel {
  format: DocumentFormat;
  /** The document's own title (its metadata or first heading), when it has one. */
  title: string | null;
  parts: DocumentPart[];
}

/** The plain text of some spans. */
export const spanText = (spans: readonly Span[]): string => spans.map((span) => span.text).join('');

/** A block as plain text: a table's cells separated by tabs, a list's items one a line. */
export function blockText(block: Block): string {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return spanText(block.spans);
    case 'list':
      return block.items
        .map((item) => `${'  '.repeat(item.depth)}- ${spanText(item.spans)}`)
        .join('\n');
    case 'table':
      return block.rows.map((row) => row.join('\t')).join('\n');
    case 'code':
      return block.text;
  }
}

/** A part as plain text, its blocks separated by blank lines. */
export const partText = (part: DocumentPart): string =>
  part.blocks.map(blockText).filter(Boolean).join('\n\n');
