import sharp from 'sharp';
import { encodePixels, type OutputFormat, type PictureSpec, renderPixels } from './picture.ts';

/**
 * The sandbox's inpainting: the source image with the picture for the prompt painted over the
 * region the mask leaves transparent (all of it without a mask). Pixels where the mask is opaque
 * come out byte for byte as they went in, so a test can tell an edit touched only its region.
 */

export interface DecodedImage {
  /** RGBA, 8 bits a channel. */
  pixels: Buffer;
  width: number;
  height: number;
}

export async function decodeImage(data: Uint8Array): Promise<DecodedImage> {
  const { data: pixels, info } = await sharp(data)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels, width: info.width, height: info.height };
}

/**
 * How much of the new picture covers a masked pixel. Without a mask the whole source is
 * repainted but still shows through a little, as an image-to-image model keeps the layout.
 */
const maskedStrength = 1;
const unmaskedStrength = 0.7;

export interface RepaintInput {
  source: DecodedImage;
  /** The mask's RGBA pixels at the source's size (its alpha channel is what counts), or null. */
  mask: DecodedImage | null;
  /** Small copies of these are drawn on the new paint: the references the prompt refers to. */
  references: Uint8Array[];
  /** The output size; the edited image is scaled to cover it when it differs from the source. */
  width: number;
  height: number;
  format: OutputFormat;
}

async function paintWithReferences(spec: PictureSpec, references: Uint8Array[]): Promise<Buffer> {
  const paint = await renderPixels(spec);
  if (references.length === 0) return paint;
  const side = Math.max(16, Math.round(Math.min(spec.width, spec.height) / 5));
  const gap = Math.round(side / 8);
  const thumbnails = await Promise.all(
    references.slice(0, 4).map((reference, index) =>
      sharp(reference)
        .resize(side, side, { fit: 'cover' })
        .png()
        .toBuffer()
        .then((input) => ({
          input,
          left: Math.max(0, spec.width - (index + 1) * (side + gap)),
          top: Math.max(0, Math.round(spec.height * 0.3)),
        })),
    ),
  );
  return sharp(paint, { raw: { width: spec.width, height: spec.height, channels: 4 } })
    .composite(thumbnails)
    .ensureAlpha()
    .raw()
    .toBuffer();
}

/** Repaint one variant (see the module comment); returns the encoded image. */
export async function repaint(input: RepaintInput, spec: PictureSpec): Promise<Buffer> {
  const { source, mask } = input;
  const paint = await paintWithReferences(
    { ...spec, width: source.width, height: source.height },
    input.references,
  );
  const strength = mask ? maskedStrength : unmaskedStrength;
  const out = Buffer.from(source.pixels);
  for (let offset = 0; offset < out.length; offset += 4) {
    // Transparent mask pixels mark what may change; partly transparent ones blend.
    const cover = mask ? (255 - (mask.pixels[offset + 3] ?? 255)) / 255 : 1;
    if (cover === 0) continue;
    const weight = cover * strength;
    for (let channel = 0; channel < 4; channel += 1) {
      const before = out[offset + channel] ?? 0;
      const after = paint[offset + channel] ?? 0;
      out[offset + channel] = Math.round(before + (after - before) * weight);
    }
  }
  if (input.width === source.width && input.height === source.height) {
    return encodePixels(out, source.width, source.height, input.format);
  }
  const scaled = await sharp(out, {
    raw: { width: source.width, height: source.height, channels: 4 },
  })
    .resize(input.width, input.height, { fit: 'cover' })
    .raw()
    .toBuffer();
  return encodePixels(scaled, input.width, input.height, input.format);
}
