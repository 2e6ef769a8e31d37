import type { VisionBox, VisionLine, VisionWord } from '@studio/contracts';
import { overlaps } from './boxes';

/** A word in reading order: its place in the whole text and the line it is on. */
export interface PlacedWord extends VisionWord {
  /** Its place among every word of the picture, in reading order. */
  index: number;
  line: number;
}

/** Every word of the lines, in reading order. */
export function placeWords(lines: readonly VisionLine[]): PlacedWord[] {
  const words: PlacedWord[] = [];
  for (const [line, { words: onLine }] of lines.entries()) {
    for (const word of onLine) words.push({ ...word, index: words.length, line });
  }
  return words;
}

/**
 * The words chosen, as an inclusive range of reading-order indexes (like selecting text: from
 * where it started to where it ends, whichever came first). Null: none.
 */
export interface WordRange {
  anchor: number;
  focus: number;
}

export const rangeStart = (range: WordRange) => Math.min(range.anchor, range.focus);
export const rangeEnd = (range: WordRange) => Math.max(range.anchor, range.focus);

export function inRange(range: WordRange | null, index: number): boolean {
  return range !== null && index >= rangeStart(range) && index <= rangeEnd(range);
}

/** A click: that word alone; a shift-click: from the anchor to it. */
export function clickWord(range: WordRange | null, index: number, extend: boolean): WordRange {
  return extend && range ? { anchor: range.anchor, focus: index } : { anchor: index, focus: index };
}

/** The keys that move through the words (the focused word), with or without Shift. */
export type WordKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

/**
 * The word a key moves to from `index`: left and right by one word, up and down to the nearest
 * word (by its middle) on the line above or below, Home and End to the first and last word.
 */
export function moveWord(words: readonly PlacedWord[], index: number, key: WordKey): number {
  const last = words.length - 1;
  if (last < 0) return 0;
  const current = words[Math.max(0, Math.min(index, last))];
  if (!current) return 0;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, current.index - 1);
    case 'ArrowRight':
      return Math.min(last, current.index + 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'ArrowUp':
    case 'ArrowDown': {
      const line = current.line + (key === 'ArrowUp' ? -1 : 1);
      const onLine = words.filter((word) => word.line === line);
      if (onLine.length === 0) return current.index;
      const middle = current.box.x + current.box.width / 2;
      const distance = (word: PlacedWord) => Math.abs(word.box.x + word.box.width / 2 - middle);
      return onLine.reduce((best, word) => (distance(word) < distance(best) ? word : best)).index;
    }
  }
}

/**
 * The words a dragged rectangle touches, as a range from the first to the last in reading order
 * (null when it touches none).
 */
export function rangeInBox(words: readonly PlacedWord[], box: VisionBox): WordRange | null {
  const touched = words.filter((word) => overlaps(word.box, box));
  const first = touched[0];
  const last = touched[touched.length - 1];
  return first && last ? { anchor: first.index, focus: last.index } : null;
}

/** The chosen words as text: spaces between words of a line, a new line between lines. */
export function selectedText(words: readonly PlacedWord[], range: WordRange | null): string {
  if (!range) return '';
  const chosen = words.slice(rangeStart(range), rangeEnd(range) + 1);
  let text = '';
  for (const [position, word] of chosen.entries()) {
    const previous = chosen[position - 1];
    if (previous) text += previous.line === word.line ? ' ' : '\n';
    text += word.text;
  }
  return text;
}
