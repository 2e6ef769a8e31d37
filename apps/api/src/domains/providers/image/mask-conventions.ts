import sharp from 'sharp';
import type { MaskConvention } from './image-models.ts';

/**
 * Our masks follow OpenAI's rule: a PNG the source's size, transparent where the picture may
 * change. Stable Diffusion servers (AUTOMATIC1111, ComfyUI, fal's and Replicate's inpainting
 * models) want the opposite picture: white where it may change, black where it stays. The alpha
 * channel, inverted, is exactly that.
 */
export async function maskFor(mask: Uint8Array, convention: MaskConvention): Promise<Uint8Array> {
  if (convention === 'transparent') return mask;
  const white = await sharp(mask)
    .ensureAlpha()
    .extractChannel('alpha')
    .negate()
    .toColourspace('b-w')
    .png()
    .toBuffer();
  return new Uint8Array(white);
}
