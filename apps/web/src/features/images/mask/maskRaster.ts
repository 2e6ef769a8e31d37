/** A point on the source picture, in its natural pixels. */
export interface MaskPoint {
  x: number;
  y: number;
}

/** One press-drag-release: the brush marks where the picture may change, the eraser unmarks. */
export interface MaskStroke {
  tool: 'brush' | 'eraser';
  /** Half the brush's width, in the source's natural pixels. */
  radius: number;
  points: readonly MaskPoint[];
}

/** The squared distance from (px, py) to the segment a–b. */
function distanceSquared(px: number, py: number, a: MaskPoint, b: MaskPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t =
    length === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / length));
  const x = a.x + t * dx - px;
  const y = a.y + t * dy - py;
  return x * x + y * y;
}

/**
 * The mask as RGBA pixels at the source's natural size, the convention of OpenAI's edits (and
 * the API's): **transparent where painted** (the picture may change there) and opaque black
 * elsewhere. Strokes apply in order, so an eraser stroke restores what a brush marked before it.
 * Plain arithmetic, so the rule is tested without a canvas; the page encodes it as a PNG.
 */
export function rasterizeMask(
  strokes: readonly MaskStroke[],
  width: number,
  height: number,
): Uint8ClampedArray<ArrayBuffer> {
  const painted = new Uint8Array(width * height);
  for (const stroke of strokes) {
    const mark = stroke.tool === 'brush' ? 1 : 0;
    const radiusSquared = stroke.radius * stroke.radius;
    // A tap is a segment of no length: a dot.
    const points =
      stroke.points.length === 1 ? [...stroke.points, ...stroke.points] : stroke.points;
    for (const [i, b] of points.entries()) {
      const a = points[i - 1];
      if (!a) continue;
      const left = Math.max(0, Math.floor(Math.min(a.x, b.x) - stroke.radius));
      const right = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + stroke.radius));
      const top = Math.max(0, Math.floor(Math.min(a.y, b.y) - stroke.radius));
      const bottom = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + stroke.radius));
      for (let y = top; y <= bottom; y += 1) {
        for (let x = left; x <= right; x += 1) {
          // Pixel centres: a pixel is in when its centre is within the brush.
          if (distanceSquared(x + 0.5, y + 0.5, a, b) <= radiusSquared)
            painted[y * width + x] = mark;
        }
      }
    }
  }
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < painted.length; i += 1) pixels[i * 4 + 3] = painted[i] ? 0 : 255;
  return pixels;
}

/** The mask as a PNG (the browser's encoder), at the source's natural size. */
export async function exportMask(
  strokes: readonly MaskStroke[],
  width: number,
  height: number,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw a mask.');
  context.putImageData(new ImageData(rasterizeMask(strokes, width, height), width, height), 0, 0);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The mask could not be encoded.'))),
      'image/png',
    ),
  );
}
