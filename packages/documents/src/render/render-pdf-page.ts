/**
 * A PDF page drawn to a PNG with @napi-rs/canvas (pdfjs's canvas on Node), for OCR of scanned
 * pages: white under the page, as a scanner's paper, so OCR sees dark text on light.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPdf } from '../read/pdfjs.ts';
import { DocumentError } from '../safety/document-error.ts';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

export interface RenderPdfPageOptions {
  /** Refuses pages that would be larger (width × height in pixels); about 35 MP by default. */
  maxPixels?: number;
}

export const minRenderDpi = 36;
export const maxRenderDpi = 600;

export async function renderPdfPage(
  bytes: Uint8Array,
  pageNumber: number,
  dpi: number,
  options: RenderPdfPageOptions = {},
): Promise<Buffer> {
  if (!Number.isFinite(dpi) || dpi < minRenderDpi || dpi > maxRenderDpi) {
    throw new RangeError(`dpi must be between ${minRenderDpi} and ${maxRenderDpi}.`);
  }
  const pdf = await openPdf(bytes);
  try {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pdf.numPages) {
      throw new RangeError(`The PDF has no page ${pageNumber} (it has ${pdf.numPages}).`);
    }
    const page = await pdf.getPage(pageNumber);
    // PDF space is 72 units an inch.
    const viewport = page.getViewport({ scale: dpi / 72 });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    if (width * height > (options.maxPixels ?? 35_000_000)) {
      throw new DocumentError(
        'too-large',
        `The page ${pageNumber} at ${dpi} dpi would be ${width}×${height} pixels, too large to draw.`,
      );
    }
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = 'white';
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas is the canvas pdfjs itself uses on Node; its types are not the DOM's.
    const target = { canvas, canvasContext: context, viewport } as unknown as RenderParameters;
    await page.render(target).promise;
    page.cleanup();
    return await canvas.encode('png');
  } finally {
    await pdf.destroy();
  }
}
