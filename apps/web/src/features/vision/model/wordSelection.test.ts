import type { VisionLine } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  clickWord,
  inRange,
  moveWord,
  placeWords,
  rangeInBox,
  selectedText,
} from './wordSelection';

const word = (text: string, x: number, y: number, width = 40) => ({
  text,
  confidence: 95,
  box: { x, y, width, height: 16 },
});
const line = (words: ReturnType<typeof word>[]): VisionLine => ({
  text: words.map((one) => one.text).join(' '),
  confidence: 95,
  box: { x: 0, y: words[0]?.box.y ?? 0, width: 300, height: 16 },
  words,
});

// Two lines: "Thư viện mở" above "đến 9 giờ".
const lines = [
  line([word('Thư', 10, 10), word('viện', 60, 10), word('mở', 110, 10)]),
  line([word('đến', 10, 40), word('9', 60, 40, 10), word('giờ', 80, 40)]),
];
const words = placeWords(lines);

describe('word selection', () => {
  it('numbers the words in reading order with their line', () => {
    expect(words.map((one) => [one.index, one.line, one.text])).toEqual([
      [0, 0, 'Thư'],
      [1, 0, 'viện'],
      [2, 0, 'mở'],
      [3, 1, 'đến'],
      [4, 1, '9'],
      [5, 1, 'giờ'],
    ]);
  });

  it('takes a clicked word alone, and extends from the anchor with Shift', () => {
    const one = clickWord(null, 1, false);
    expect(one).toEqual({ anchor: 1, focus: 1 });
    const extended = clickWord(one, 4, true);
    expect(extended).toEqual({ anchor: 1, focus: 4 });
    expect([0, 1, 4, 5].map((index) => inRange(extended, index))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // Backwards works as forwards.
    expect(inRange(clickWord(one, 0, true), 0)).toBe(true);
  });

  it('copies the chosen words with spaces within a line and a new line between lines', () => {
    expect(selectedText(words, { anchor: 4, focus: 1 })).toBe('viện mở\nđến 9');
    expect(selectedText(words, null)).toBe('');
  });

  it('moves through the words with the keys', () => {
    expect(moveWord(words, 1, 'ArrowRight')).toBe(2);
    expect(moveWord(words, 5, 'ArrowRight')).toBe(5);
    expect(moveWord(words, 0, 'ArrowLeft')).toBe(0);
    expect(moveWord(words, 3, 'Home')).toBe(0);
    expect(moveWord(words, 0, 'End')).toBe(5);
    // Down from "viện" (middle 80) to the nearest word below by its middle: "9" (65, 15 away)
    // rather than "giờ" (100, 20 away); up from "giờ": "viện" (20 away) rather than "mở" (30).
    expect(moveWord(words, 1, 'ArrowDown')).toBe(4);
    expect(moveWord(words, 5, 'ArrowUp')).toBe(1);
    // No line above the first: it stays.
    expect(moveWord(words, 0, 'ArrowUp')).toBe(0);
  });

  it('selects the words a dragged rectangle touches, first to last', () => {
    expect(rangeInBox(words, { x: 55, y: 5, width: 20, height: 50 })).toEqual({
      anchor: 1,
      focus: 4,
    });
    expect(rangeInBox(words, { x: 200, y: 100, width: 10, height: 10 })).toBeNull();
  });
});
