import sharp, { type Metadata } from 'sharp';
import type { UploadsConfig } from './uploads-config.ts';
import { HttpError } from '../../http/errors.ts';

export type ImageLimits = Pick<UploadsConfig, 'maxBytes' | 'maxPixels' | 'maxSide'>;

export const uploadTexts = {
  missingFile: 'Choose an image to upload (form field "file").',
  notMultipart: 'Send the image as multipart/form-data in the form field "file".',
  unsupportedType: 'Only PNG, JPEG, WebP and GIF images can be uploaded.',
  unreadable: 'The image could not be read. It may be damaged.',
  tooLarge: (limits: ImageLimits) =>
    `The image is larger than ${formatMegabytes(limits.maxBytes)} MB.`,
  tooManyPixels: (limits: ImageLimits) =>
    `The image is too large: at most ${limits.maxSide} pixels a side and ${formatMegapixels(limits.maxPixels)} megapixels.`,
} as const;

function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

function formatMegapixels(pixels: number): string {
  return String(Math.round((pixels / 1_000_000) * 10) / 10);
}

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** The extension an image is stored with (its re-encoded type). */
export type StoredExtension = 'png' | 'jpg' | 'webp';

/** What the first bytes say the file is (the client's name and type are never trusted). */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  const startsWith = (bytes: number[], offset = 0) =>
    data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(ascii('GIF87a')) || startsWith(ascii('GIF89a'))) return 'gif';
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return 'webp';
  return null;
}

export interface ProcessedImage {
  data: Buffer;
  mimeType: string;
  extension: StoredExtension;
  width: number;
  height: number;
}

const outputs = {
  png: { mimeType: 'image/png', extension: 'png' },
  // A GIF keeps its first frame, as a PNG (lossless, like the GIF it came from).
  gif: { mimeType: 'image/png', extension: 'png' },
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
} as const satisfies Record<ImageFormat, { mimeType: string; extension: StoredExtension }>;

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Checks an uploaded file and re-encodes it (security.md §1.7): the magic bytes must name one of
 * the four formats and agree with what the decoder finds; the declared size is checked against
 * the limits before any pixel is decoded (a few kilobytes can claim gigapixels), and sharp's own
 * limitInputPixels guards the decode. Re-encoding drops everything but the pixels: EXIF, GPS,
 * comments and anything smuggled after the image data. The picture is turned upright first, as
 * its EXIF orientation asked, since that tag goes with the rest.
 */
export async function processImage(input: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  if (input.length > limits.maxBytes) throw new HttpError(413, uploadTexts.tooLarge(limits));
  const format = sniffImageFormat(input);
  if (!format) throw new HttpError(415, uploadTexts.unsupportedType);

  const options = { limitInputPixels: limits.maxPixels, failOn: 'error', animated: false } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw new HttpError(413, uploadTexts.tooManyPixels(limits));
    throw new HttpError(400, uploadTexts.unreadable);
  }
  if (metadata.format !== format) throw new HttpError(415, uploadTexts.unsupportedType);
  const { width, height } = metadata;
  // A GIF's height may be all of its frames stacked; pageHeight is one frame.
  const frameHeight = metadata.pageHeight ?? height;
  if (
    width > limits.maxSide ||
    frameHeight > limits.maxSide ||
    width * frameHeight > limits.maxPixels
  ) {
    throw new HttpError(413, uploadTexts.tooManyPixels(limits));
  }

  const pipeline = sharp(input, options).autoOrient();
  const encoded =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: 90 })
      : format === 'webp'
        ? pipeline.webp({ quality: 90 })
        : pipeline.png();
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, ...outputs[format] };
  } catch (error) {
    if (isPixelLimitError(error)) throw new HttpError(413, uploadTexts.tooManyPixels(limits));
    throw new HttpError(400, uploadTexts.unreadable);
  }
}
