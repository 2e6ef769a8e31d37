import type { VisionRead } from '@studio/contracts';

/** The first line with words on it (a history card's title); '' when nothing was read. */
export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.length > 0) ?? ''
  );
}

/** The confidence as a whole percent, as the page says it. */
export const wholePercent = (confidence: number) =>
  Math.round(Math.max(0, Math.min(100, confidence)));

/** A download's name: the picture's, its extension swapped for `extension`. */
export function downloadName(read: Pick<VisionRead, 'fileName'>, extension: string): string {
  const base = read.fileName.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || 'picture';
  return `${base}.${extension}`;
}
