/**
 * pdfjs-dist opened the one way that works on Node (its legacy build; the main build needs the
 * browser's DOMMatrix), with nothing that runs the file's code: no eval of font programs, no
 * scripting, no system fonts, no fetching.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DocumentError } from '../safety/document-error.ts';

const pdfjsRoot = () =>
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const root = pdfjsRoot();
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
    return await task.promise;
  } catch (error) {
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
