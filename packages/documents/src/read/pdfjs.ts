/**
 * pdfjs-dist opened the one way that works on Node (its legacy build; the main build needs the
 * browser's DOMMatrix), with nothing that runs the file's code: no eval of font programs, no
 * scripting, no system fonts, no fetching.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DocumentError } from '../safety/document-error.ts';

type Pdfjs = typeof PdfjsModule;

/*
 * The legacy build carries core-js, which replaces JSON.stringify, JSON.parse and
 * Array.prototype.push for the whole process with its own, slower ones (for features this Node
 * lacks and pdfjs does not use: JSON.rawJSON, a push past 2^53 - 1). Measured in the chat's
 * load benchmark, that cost every reply of a server that had merely loaded this module. So pdfjs
 * loads on the first PDF, and the built-ins are put back after it loads and after each document
 * opens (its fake worker, loaded then, carries core-js again).
 */
const builtIns = {
  stringify: JSON.stringify,
  parse: JSON.parse,
  push: Array.prototype.push,
};

function restoreBuiltIns(): void {
  const put = (target: object, name: string, value: unknown) => {
    if (Reflect.get(target, name) !== value) {
      Object.defineProperty(target, name, { value, writable: true, configurable: true });
    }
  };
  put(JSON, 'stringify', builtIns.stringify);
  put(JSON, 'parse', builtIns.parse);
  put(Array.prototype, 'push', builtIns.push);
}

let loading: Promise<Pdfjs> | null = null;

/** pdfjs itself, loaded once, with the process's built-ins left as they were. */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs').then((module) => {
    restoreBuiltIns();
    return module;
  });
  return loading;
}

const pdfjsRoot = () =>
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const root = pdfjsRoot();
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    // pdfjs takes the buffer over (it is detached): hand it a copy.
    data: bytes.slice(),
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    // Drawing text of the 14 standard fonts and CJK encodings needs their data, read from disk.
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
    cMapPacked: true,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    restoreBuiltIns();
    return pdf;
  } catch (error) {
    restoreBuiltIns();
    await task.destroy();
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      throw new DocumentError('encrypted', 'The PDF is protected by a password.', { cause: error });
    }
    throw new DocumentError('malformed', 'The PDF is damaged and could not be read.', {
      cause: error,
    });
  }
}
