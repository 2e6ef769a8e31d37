/**
 * What a file really is, from its bytes (never from its name alone), and whether it is safe to
 * read: a size cap, a zip's declared sizes and compression (bombs), encryption, macros, the old
 * binary Office formats. The name only chooses between text formats (Markdown or plain text).
 */
import type { DocumentFormat } from '../model.ts';
import { DocumentError, type DocumentErrorCode } from './document-error.ts';
import { type ReadLimits, withDefaultLimits } from './limits.ts';
import { decodeText } from './text-bytes.ts';
import { openZip, type ZipArchive } from './zip-archive.ts';
import { looksLikeCsv } from '../read/csv-rows.ts';

export interface InspectOptions {
  limits?: Partial<ReadLimits>;
  /**
   * A macro-enabled file (DOCM, XLSM, PPTM): refused by default; 'ignore' reads its text and
   * never opens its macros (vbaProject.bin is skipped).
   */
  macros?: 'refuse' | 'ignore';
}

export interface Inspection {
  ok: true;
  format: DocumentFormat;
  /** The file holds macros, which the readers skip (only with `macros: 'ignore'`). */
  macrosIgnored: boolean;
}

export interface Refusal {
  ok: false;
  code: DocumentErrorCode;
  message: string;
}

const startsWith = (bytes: Uint8Array, signature: ArrayLike<number>, at = 0) =>
  Array.from(signature).every((byte, index) => bytes[at + index] === byte);

const cfbSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const zipSignature = [0x50, 0x4b, 0x03, 0x04];
const emptyZipSignature = [0x50, 0x4b, 0x05, 0x06];

/** Bytes of an ASCII text, to search binary data for a marker. */
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
/** A CFB directory names its streams in UTF-16LE. */
const utf16 = (text: string) =>
  Uint8Array.from([...text].flatMap((char) => [char.charCodeAt(0), 0]));

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  outer: for (let at = haystack.indexOf(first ?? 0, from); at >= 0;) {
    for (let index = 1; index < needle.length; index += 1) {
      if (haystack[at + index] !== needle[index]) {
        at = haystack.indexOf(first ?? 0, at + 1);
        continue outer;
      }
    }
    return at;
  }
  return -1;
}

const pdfDelimiters = new Set([0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x00, 0x2f, 0x3c, 0x5b, 0x28]);
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/** A PDF with an /Encrypt entry (in its trailer or its cross-reference stream). */
export function pdfIsEncrypted(bytes: Uint8Array): boolean {
  const marker = ascii('/Encrypt');
  for (let at = indexOfBytes(bytes, marker); at >= 0; at = indexOfBytes(bytes, marker, at + 1)) {
    const next = bytes[at + marker.length];
    // "/Encrypt 5 0 R" or "/Encrypt<<…": the key itself, not a longer name such as /EncryptMetadata.
    if (next !== undefined && (pdfDelimiters.has(next) || isDigit(next))) return true;
  }
  return false;
}

function inspectCfb(bytes: Uint8Array): never {
  if (
    indexOfBytes(bytes, utf16('EncryptionInfo')) >= 0 ||
    indexOfBytes(bytes, utf16('EncryptedPackage')) >= 0
  ) {
    throw new DocumentError(
      'encrypted',
      'The file is protected by a password. Remove the password in Office and upload it again.',
    );
  }
  const kind =
    indexOfBytes(bytes, utf16('WordDocument')) >= 0
      ? 'a Word 97–2003 document (.doc): save it as DOCX'
      : indexOfBytes(bytes, utf16('Workbook')) >= 0 || indexOfBytes(bytes, utf16('Book')) >= 0
        ? 'an Excel 97–2003 workbook (.xls): save it as XLSX'
        : indexOfBytes(bytes, utf16('PowerPoint Document')) >= 0
          ? 'a PowerPoint 97–2003 presentation (.ppt): save it as PPTX'
          : 'an old binary Office file: save it as DOCX, XLSX or PPTX';
  throw new DocumentError('legacy', `The file is ${kind} and upload it again.`);
}

const mainContentTypes: {
  pattern: RegExp;
  format: 'docx' | 'xlsx' | 'pptx';
  macro: boolean;
  folder: string;
}[] = [
  {
    pattern: /wordprocessingml\.(document|template)\.main\+xml/,
    format: 'docx',
    macro: false,
    folder: 'word/',
  },
  {
    pattern: /ms-word\.(document|template)\.macroEnabled/i,
    format: 'docx',
    macro: true,
    folder: 'word/',
  },
  {
    pattern: /spreadsheetml\.(sheet|template)\.main\+xml/,
    format: 'xlsx',
    macro: false,
    folder: 'xl/',
  },
  {
    pattern: /ms-excel\.(sheet|template|addin)\.macroEnabled/i,
    format: 'xlsx',
    macro: true,
    folder: 'xl/',
  },
  {
    pattern: /presentationml\.(presentation|slideshow|template)\.main\+xml/,
    format: 'pptx',
    macro: false,
    folder: 'ppt/',
  },
  {
    pattern: /ms-powerpoint\.(presentation|slideshow|template|addin)\.macroEnabled/i,
    format: 'pptx',
    macro: true,
    folder: 'ppt/',
  },
];

/** The Office format a zip holds, from [Content_Types].xml and its folders; throws otherwise. */
export function officeFormatOf(zip: ZipArchive): {
  format: 'docx' | 'xlsx' | 'pptx';
  macros: boolean;
} {
  const contentTypes = zip.readText('[Content_Types].xml');
  if (contentTypes === null) {
    throw new DocumentError(
      'unsupported',
      'The file is a zip archive, not a document. Upload a PDF, DOCX, XLSX, PPTX, CSV, text or Markdown file.',
    );
  }
  const names = zip.entries.map((entry) => entry.name);
  const found = mainContentTypes.find(
    (type) => type.pattern.test(contentTypes) && names.some((name) => name.startsWith(type.folder)),
  );
  if (!found) {
    throw new DocumentError(
      'unsupported',
      'The file is an Office package of a kind that is not supported (only DOCX, XLSX and PPTX).',
    );
  }
  const vba = names.some((name) => /(^|\/)vbaProject\.bin$/i.test(name));
  return { format: found.format, macros: found.macro || vba };
}

function textFormat(text: string, declaredName: string | undefined): DocumentFormat {
  const extension = declaredName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension === 'md' || extension === 'markdown') return 'md';
  if (extension === 'csv' || extension === 'tsv') return 'csv';
  if (extension === 'txt' || extension === 'text') return 'txt';
  return looksLikeCsv(text) ? 'csv' : 'txt';
}

/** The inspection, or throws the refusal as a DocumentError. */
export function inspectOrThrow(
  bytes: Uint8Array,
  declaredName?: string,
  options: InspectOptions = {},
): Inspection {
  const limits = withDefaultLimits(options.limits);
  if (bytes.byteLength === 0) throw new DocumentError('empty', 'The file is empty.');
  if (bytes.byteLength > limits.maxBytes) {
    throw new DocumentError(
      'too-large',
      `The file is ${bytes.byteLength} bytes, more than the ${limits.maxBytes} accepted.`,
    );
  }
  const head = bytes.subarray(0, 1024);
  if (indexOfBytes(head, ascii('%PDF-')) >= 0) {
    if (pdfIsEncrypted(bytes)) {
      throw new DocumentError(
        'encrypted',
        'The PDF is encrypted or protected by a password. Save an unprotected copy and upload it again.',
      );
    }
    return { ok: true, format: 'pdf', macrosIgnored: false };
  }
  if (startsWith(bytes, cfbSignature)) inspectCfb(bytes);
  if (startsWith(bytes, zipSignature) || startsWith(bytes, emptyZipSignature)) {
    const zip = openZip(bytes, limits);
    const { format, macros } = officeFormatOf(zip);
    if (macros && options.macros !== 'ignore') {
      throw new DocumentError(
        'macro',
        'The file holds macros (DOCM, XLSM or PPTM). Save it without macros (as DOCX, XLSX or PPTX) and upload it again.',
      );
    }
    return { ok: true, format, macrosIgnored: macros };
  }
  if (startsWith(bytes, ascii('{\\rtf'))) {
    throw new DocumentError('unsupported', 'The file is an RTF document: save it as DOCX.');
  }
  const text = decodeText(bytes);
  if (text === null) {
    throw new DocumentError(
      'unsupported',
      'The file is not a supported document. Upload a PDF, DOCX, XLSX, PPTX, CSV, text or Markdown file.',
    );
  }
  if (text.trim() === '') throw new DocumentError('empty', 'The file holds no text.');
  return { ok: true, format: textFormat(text, declaredName), macrosIgnored: false };
}

/** What the file is, or why it is refused (a code for the API's translations and a message). */
export function inspectFile(
  bytes: Uint8Array,
  declaredName?: string,
  options: InspectOptions = {},
): Inspection | Refusal {
  try {
    return inspectOrThrow(bytes, declaredName, options);
  } catch (error) {
    if (error instanceof DocumentError)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
