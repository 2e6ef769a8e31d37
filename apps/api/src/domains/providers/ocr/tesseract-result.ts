import type { Bbox, Page } from 'tesseract.js';
import type { OcrBox, OcrLine, OcrResult } from './ocr-engine.ts';

/**
 * Tesseract's page as the engine answers it: lines and words with boxes in the pixels of the
 * picture as shown (a page read enlarged has its boxes divided back), text in NFC.
 */
export function resultOfPage(
  page: Page,
  size: { width: number; height: number },
  scale: number,
): OcrResult {
  const box = (bbox: Bbox): OcrBox => {
    const x = clamp(Math.round(bbox.x0 / scale), 0, size.width);
    const y = clamp(Math.round(bbox.y0 / scale), 0, size.height);
    return {
      x,
      y,
      width: clamp(Math.round(bbox.x1 / scale), x, size.width) - x,
      height: clamp(Math.round(bbox.y1 / scale), y, size.height) - y,
    };
  };
  const paragraphs = (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.map((paragraph) =>
      paragraph.lines.flatMap((line): OcrLine[] => {
        const words = line.words.flatMap((word) => {
          const text = word.text.normalize('NFC').trim();
          return text ? [{ text, confidence: round(word.confidence), box: box(word.bbox) }] : [];
        });
        if (words.length === 0) return [];
        return [
          {
            text: words.map((word) => word.text).join(' '),
            confidence: round(line.confidence),
            box: box(line.bbox),
            words,
          },
        ];
      }),
    ),
  );
  const lines = paragraphs.flat();
  return {
    text: paragraphs
      .filter((paragraph) => paragraph.length > 0)
      .map((paragraph) => paragraph.map((line) => line.text).join('\n'))
      .join('\n\n'),
    confidence: lines.length > 0 ? round(page.confidence) : 0,
    width: size.width,
    height: size.height,
    lines,
  };
}

/** The middle line height in the page's own pixels; null when no line was found. */
export function medianLineHeight(page: Page): number | null {
  const heights = (page.blocks ?? [])
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))
    .map((line) => line.bbox.y1 - line.bbox.y0)
    .sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
