import { describe, expect, it } from 'vitest';
import { rasterizeMask, type MaskStroke } from './maskRaster';

const alphaAt = (pixels: Uint8ClampedArray, width: number, x: number, y: number) =>
  pixels[(y * width + x) * 4 + 3];

describe('rasterizeMask', () => {
  it('is opaque everywhere without strokes (nothing may change)', () => {
    const pixels = rasterizeMask([], 4, 3);
    expect(pixels).toHaveLength(4 * 3 * 4);
    for (let i = 3; i < pixels.length; i += 4) expect(pixels[i]).toBe(255);
  });

  it('is transparent where painted and opaque elsewhere, at the natural size', () => {
    const stroke: MaskStroke = {
      tool: 'brush',
      radius: 2,
      points: [
        { x: 2, y: 5 },
        { x: 17, y: 5 },
      ],
    };
    const pixels = rasterizeMask([stroke], 20, 10);
    expect(alphaAt(pixels, 20, 2, 5)).toBe(0);
    expect(alphaAt(pixels, 20, 10, 5)).toBe(0);
    expect(alphaAt(pixels, 20, 10, 6)).toBe(0);
    expect(alphaAt(pixels, 20, 10, 0)).toBe(255);
    expect(alphaAt(pixels, 20, 10, 9)).toBe(255);
    expect(alphaAt(pixels, 20, 19, 5)).toBe(255);
  });

  it('marks a dot for a tap, and the eraser restores what it crosses', () => {
    const tap: MaskStroke = { tool: 'brush', radius: 3, points: [{ x: 5, y: 5 }] };
    const erase: MaskStroke = { tool: 'eraser', radius: 1, points: [{ x: 5, y: 5 }] };
    const painted = rasterizeMask([tap], 10, 10);
    expect(alphaAt(painted, 10, 5, 5)).toBe(0);
    expect(alphaAt(painted, 10, 3, 5)).toBe(0);
    const erased = rasterizeMask([tap, erase], 10, 10);
    expect(alphaAt(erased, 10, 5, 5)).toBe(255);
    expect(alphaAt(erased, 10, 3, 5)).toBe(0);
  });

  it('keeps strokes that run off the picture inside it', () => {
    const stroke: MaskStroke = {
      tool: 'brush',
      radius: 4,
      points: [
        { x: -10, y: -10 },
        { x: 2, y: 2 },
      ],
    };
    const pixels = rasterizeMask([stroke], 6, 6);
    expect(alphaAt(pixels, 6, 0, 0)).toBe(0);
    expect(alphaAt(pixels, 6, 5, 5)).toBe(255);
  });
});
