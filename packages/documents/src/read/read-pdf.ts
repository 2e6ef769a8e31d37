/**
 * A PDF's text layer through pdfjs: a part per page, its items laid out again as blocks
 * (pdf-layout.ts explains the rules). A page with fewer than 20 characters of text (white space
 * not counted) that paints a picture is taken for a scan and listed in `needsOcr`; a page with
 * neither text nor pictures is just blank.
 */
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DocumentModel, DocumentPart } from '../model.ts';
import { DocumentError } from '../safety/document-error.ts';
import type { ReadLimits } from '../safety/limits.ts';
import { bodySizeOf, layoutPage, type PositionedText } from './pdf-layout.ts';
import { loadPdfjs, openPdf } from './pdfjs.ts';
import { firstHeading } from './parts.ts';
import type { ReadNote, ReadResult } from './read-result.ts';

/** Below this many characters a page with a picture is a scan to OCR. */
export const ocrThresholdCharacters = 20;

/** The operators that paint a picture (pdfjs loads with the first PDF: see pdfjs.ts). */
async function imageOperators(): Promise<Set<number>> {
  const { OPS } = await loadPdfjs();
  return new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
  ]);
}

async function pageItems(
  pdf: PDFDocumentProxy,
  number: number,
): Promise<{ items: PositionedText[]; paintsPicture: () => Promise<boolean> }> {
  const page = await pdf.getPage(number);
  const content = await page.getTextContent();
  const items = content.items
    .filter((item): item is TextItem => 'str' in item)
    .map((item) => {
      const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
      return {
        text: item.str,
        x,
        y,
        width: item.width,
        size: Math.hypot(c, d) || Math.hypot(a, b) || item.height,
      };
    });
  return {
    items,
    paintsPicture: async () => {
      const [operators, pictures] = await Promise.all([page.getOperatorList(), imageOperators()]);
      return operators.fnArray.some((operator) => pictures.has(operator));
    },
  };
}

async function documentTitle(pdf: PDFDocumentProxy): Promise<string | null> {
  const { info } = await pdf.getMetadata().catch(() => ({ info: null }));
  const title = info && typeof info === 'object' && 'Title' in info ? info.Title : null;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : null;
}

export async function readPdf(
  bytes: Uint8Array,
  limits: ReadLimits,
  notes: ReadNote[],
): Promise<Omit<ReadResult, 'notes'>> {
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages > limits.maxPages) {
      throw new DocumentError(
        'too-many-pages',
        `The PDF has ${pdf.numPages} pages, more than the ${limits.maxPages} accepted.`,
      );
    }
    const pages: PositionedText[][] = [];
    const needsOcr: number[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const { items, paintsPicture } = await pageItems(pdf, number);
      pages.push(items);
      const characters = items.reduce((sum, item) => sum + item.text.replace(/\s/g, '').length, 0);
      if (characters < ocrThresholdCharacters && (await paintsPicture())) {
        needsOcr.push(number);
        notes.push({
          code: 'needs-ocr',
          message: `The page ${number} is a picture with little or no text: it needs OCR.`,
          part: number,
        });
      }
    }
    // One body size for the whole document, so a page of big text is not all headings.
    const bodySize = bodySizeOf(pages.flat());
    const parts: DocumentPart[] = pages.map((items, index) => ({
      ref: { kind: 'page', number: index + 1, name: null },
      blocks: layoutPage(items, bodySize),
      source: 'text',
    }));
    const title = (await documentTitle(pdf)) ?? firstHeading(parts.flatMap((part) => part.blocks));
    const document: DocumentModel = { format: 'pdf', title, parts };
    return { document, needsOcr };
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('malformed', 'The PDF is damaged and could not be read.', {
      cause: error,
    });
  } finally {
    await pdf.destroy();
  }
}
