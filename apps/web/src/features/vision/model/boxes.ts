import type { VisionBox } from '@studio/contracts';

/** A box as CSS percentages of the picture's shown size, so it scales with the picture. */
export interface ScaledBox {
  left: string;
  top: string;
  width: string;
  height: string;
}

const percent = (part: number, whole: number) =>
  `${Math.round((Math.max(0, part) / whole) * 100_000) / 1000}%`;

/**
 * Where a box (in the picture's pixels, as read) lies over the picture however large it is
 * shown: percentages of its width and height, clipped to the picture.
 */
export function scaleBox(box: VisionBox, size: { width: number; height: number }): ScaledBox {
  const x = Math.min(box.x, size.width);
  const y = Math.min(box.y, size.height);
  return {
    left: percent(x, size.width),
    top: percent(y, size.height),
    width: percent(Math.min(box.width, size.width - x), size.width),
    height: percent(Math.min(box.height, size.height - y), size.height),
  };
}

/** A point on the shown picture (client pixels from its corner) in the picture's own pixels. */
export function toPicturePoint(
  point: { x: number; y: number },
  shown: { width: number; height: number },
  picture: { width: number; height: number },
): { x: number; y: number } {
  return {
    x: shown.width > 0 ? (point.x / shown.width) * picture.width : 0,
    y: shown.height > 0 ? (point.y / shown.height) * picture.height : 0,
  };
}

/** Whether two boxes overlap (a drag's rectangle and a word). */
export function overlaps(a: VisionBox, b: VisionBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The rectangle between two points, whichever way the drag went. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): VisionBox {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x: Math.round(x),
    y: Math.round(y),
    width: Math.round(Math.abs(a.x - b.x)),
    height: Math.round(Math.abs(a.y - b.y)),
  };
}
