import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Office files for the tests, written and read back in Node with what the workspace already has:
 * @studio/documents' writers (the API's dependency; we borrow it, as database.ts borrows
 * better-sqlite3) and mammoth (that package's DOCX reader). Only the slice the tests use is typed.
 */

type Spans = { text: string }[];

/** A block of @studio/documents' model: the kinds the tests write. */
export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; spans: Spans }
  | { type: 'paragraph'; spans: Spans }
  | { type: 'table'; header: boolean; rows: string[][] };

/** @studio/documents' model of a document: its parts (pages, sheets) made of blocks. */
export interface DocumentModel {
  format: 'pdf' | 'xlsx';
  title: string | null;
  parts: {
    ref: { kind: 'page' | 'sheet'; number: number; name: string | null };
    blocks: Block[];
    source: 'text';
  }[];
}

interface Writers {
  writePdf(model: DocumentModel): Promise<Buffer>;
  writeXlsx(model: DocumentModel): Promise<Buffer>;
}

interface Mammoth {
  convertToHtml(input: { buffer: Buffer }): Promise<{ value: string }>;
}

const requireFromApi = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'));
const documentsEntry = requireFromApi.resolve('@studio/documents');
const requireFromDocuments = createRequire(documentsEntry);

const writers = async (): Promise<Writers> =>
  (await import(pathToFileURL(documentsEntry).href)) as Writers;

/** A heading or a paragraph of plain text. */
export const heading = (text: string): Block => ({ type: 'heading', level: 1, spans: [{ text }] });
export const paragraph = (text: string): Block => ({ type: 'paragraph', spans: [{ text }] });

/** A PDF with one page for each list of blocks (A4, DejaVu Sans, its text layer selectable). */
export async function writePdf(title: string, pages: Block[][]): Promise<Buffer> {
  return (await writers()).writePdf({
    format: 'pdf',
    title,
    parts: pages.map((blocks, index) => ({
      ref: { kind: 'page', number: index + 1, name: null },
      blocks,
      source: 'text',
    })),
  });
}

/** A workbook with one sheet holding `rows` as a table, the first row its header. */
export async function writeXlsx(sheet: string, rows: string[][]): Promise<Buffer> {
  return (await writers()).writeXlsx({
    format: 'xlsx',
    title: sheet,
    parts: [
      {
        ref: { kind: 'sheet', number: 1, name: sheet },
        blocks: [{ type: 'table', header: true, rows }],
        source: 'text',
      },
    ],
  });
}

/** A DOCX file as mammoth reads it: HTML, its headings as <h1>…<h6>. */
export async function docxHtml(file: Buffer): Promise<string> {
  const mammoth = requireFromDocuments('mammoth') as Mammoth;
  return (await mammoth.convertToHtml({ buffer: file })).value;
}

interface Readers {
  readDocument(bytes: Uint8Array, options: { name: string }): Promise<{ document: unknown }>;
}

/** Every `text` in a read document's parts, blocks and spans, in order. */
function textsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'text' && typeof inner === 'string' ? [inner] : textsOf(inner),
  );
}

/** A PDF's text, as @studio/documents reads it (pdf.js, the office tools' PDF reader). */
export async function pdfText(file: Buffer): Promise<string> {
  const { readDocument } = (await import(pathToFileURL(documentsEntry).href)) as Readers;
  const { document } = await readDocument(new Uint8Array(file), { name: 'export.pdf' });
  return textsOf(document).join('\n');
}
