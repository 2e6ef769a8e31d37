import type { VisionLine, VisionWord } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { tableOf } from '../src/domains/vision/vision-table.ts';

/** Characters are 10 px wide and lines 20 px tall; a word space is 10 px. */
const charWidth = 10;

/** A line at `y` of words at the given x positions. */
function line(y: number, words: readonly (readonly [string, number])[]): VisionLine {
  const placed: VisionWord[] = words.map(([text, x]) => ({
    text,
    confidence: 95,
    box: { x, y, width: text.length * charWidth, height: 20 },
  }));
  const left = Math.min(...placed.map((word) => word.box.x));
  const right = Math.max(...placed.map((word) => word.box.x + word.box.width));
  return {
    text: words.map(([text]) => text).join(' '),
    confidence: 95,
    box: { x: left, y, width: right - left, height: 20 },
    words: placed,
  };
}

/** Words one space apart, from `x`. */
function prose(y: number, x: number, text: string): VisionLine {
  let at = x;
  return line(
    y,
    text.split(' ').map((word) => {
      const placed = [word, at] as const;
      at += (word.length + 1) * charWidth;
      return placed;
    }),
  );
}

describe("the table rebuilt from a read's word boxes", () => {
  it('finds rows and columns where cells are more than two characters apart', () => {
    const lines = [
      line(0, [
        ['Name', 0],
        ['Qty', 200],
        ['Price', 400],
      ]),
      line(40, [
        ['Green', 0],
        ['tea', 60],
        ['2', 210],
        ['3.50', 400],
      ]),
      line(80, [
        ['Cà', 0],
        ['phê', 30],
        ['10', 205],
        ['12.00', 395],
      ]),
    ];
    expect(tableOf(lines)?.rows).toEqual([
      ['Name', 'Qty', 'Price'],
      ['Green tea', '2', '3.50'],
      ['Cà phê', '10', '12.00'],
    ]);
  });

  it('joins the lines Tesseract splits a row into, and leaves a missing cell empty', () => {
    const lines = [
      line(0, [['Item', 0]]),
      line(2, [['Total', 300]]),
      line(40, [['Bread', 0]]),
      line(41, [['4', 300]]),
      line(80, [['Milk', 0]]),
    ];
    expect(tableOf(lines)?.rows).toEqual([
      ['Item', 'Total'],
      ['Bread', '4'],
      ['Milk', ''],
    ]);
  });

  it('finds none in prose, whose words are a space apart', () => {
    const lines = [
      prose(0, 0, 'The quick brown fox jumps over'),
      prose(40, 0, 'the lazy dog and keeps going on'),
      prose(80, 0, 'until the page ends somewhere.'),
    ];
    expect(tableOf(lines)).toBeNull();
  });

  it('finds none with a single row of columns, or a single column', () => {
    expect(
      tableOf([
        line(0, [
          ['One', 0],
          ['Two', 200],
        ]),
        prose(40, 0, 'then just a sentence'),
      ]),
    ).toBeNull();
    expect(tableOf([line(0, [['Alone', 0]]), line(40, [['Again', 0]])])).toBeNull();
    expect(tableOf([])).toBeNull();
  });
});
