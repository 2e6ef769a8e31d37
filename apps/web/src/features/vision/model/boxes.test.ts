import { describe, expect, it } from 'vitest';
import { boxBetween, overlaps, scaleBox, toPicturePoint } from './boxes';

describe('box scaling', () => {
  const picture = { width: 520, height: 300 };

  it('places a box as percentages of the picture, so it scales with it', () => {
    expect(scaleBox({ x: 52, y: 30, width: 130, height: 15 }, picture)).toEqual({
      left: '10%',
      top: '10%',
      width: '25%',
      height: '5%',
    });
  });

  it('keeps a box that runs past the edge inside the picture', () => {
    expect(scaleBox({ x: 500, y: 290, width: 100, height: 40 }, picture)).toEqual({
      left: '96.154%',
      top: '96.667%',
      width: '3.846%',
      height: '3.333%',
    });
  });

  it('turns a point on the shown picture into the picture’s pixels', () => {
    // Shown at half size: a point 100 px in is 200 px into the picture.
    expect(toPicturePoint({ x: 100, y: 50 }, { width: 260, height: 150 }, picture)).toEqual({
      x: 200,
      y: 100,
    });
    expect(toPicturePoint({ x: 10, y: 10 }, { width: 0, height: 0 }, picture)).toEqual({
      x: 0,
      y: 0,
    });
  });

  it('makes the rectangle of a drag whichever way it went', () => {
    expect(boxBetween({ x: 50, y: 40 }, { x: 10, y: 80 })).toEqual({
      x: 10,
      y: 40,
      width: 40,
      height: 40,
    });
  });

  it('tells overlapping boxes from boxes side by side', () => {
    const word = { x: 10, y: 10, width: 20, height: 10 };
    expect(overlaps(word, { x: 25, y: 15, width: 10, height: 10 })).toBe(true);
    expect(overlaps(word, { x: 30, y: 10, width: 10, height: 10 })).toBe(false);
  });
});
