import sharp from 'sharp';
import { OcrError } from './ocr-engine.ts';

/**
 * A picture made ready for Tesseract: decoded (PNG, JPEG, WebP, or a GIF's first frame), turned
 * as its EXIF orientation says, put on white (a transparent PNG's black text would otherwise
 * vanish into a black background) and made a grayscale PNG. Sharp does it on libuv's threads,
 * off the request path.
 */

const readableFormats = new Set(['png', 'jpeg', 'webp', 'gif']);

export interface PreparedImage {
  png: Buffer;
  /** As shown: EXIF orientation applied. */
  width: number;
  height: number;
}

/**
 * Refuses a picture over `maxPixels` rather than shrinking it: shrinking a large scan turns its
 * small print into smudges, and the user is better told to crop.
 */
export async function prepareImage(image: Buffer, maxPixels: number): Promise<PreparedImage> {
  let metadata;
  try {
    // Dimensions from the header only: nothing is decoded before the size is known.
    metadata = await sharp(image, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  const { format, width, height } = metadata;
  if (!format || !readableFormats.has(format) || !width || !height) throw unreadable();
  if (width * height > maxPixels) {
    throw new OcrError(
      'too-large',
      `The picture is ${width} × ${height} pixels; the text reader takes up to ${megapixels(maxPixels)} megapixels. Crop it to the text, or make it smaller.`,
    );
  }
  try {
    const { data, info } = await sharp(image, { limitInputPixels: maxPixels, pages: 1 })
      .rotate()
      .flatten({ background: { r: 255, g: 255, b: 255 } })
      .grayscale()
      // Fast compression: the PNG only crosses to the worker thread, where it is decoded again.
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (error) {
    throw unreadable(error);
  }
}

/** The same picture `factor` times larger, for text too small for Tesseract to read well. */
export async function enlargeImage(png: Buffer, factor: number): Promise<Buffer> {
  const { width } = await sharp(png).metadata();
  return sharp(png)
    .resize({ width: Math.round((width ?? 0) * factor), kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function unreadable(cause?: unknown): OcrError {
  return new OcrError(
    'unreadable-image',
    'This file is not a picture the text reader can open: send a PNG, JPEG, WebP or GIF.',
    { cause },
  );
}

function megapixels(pixels: number): string {
  return String(Math.round((pixels / 1_000_000) * 10) / 10);
}
