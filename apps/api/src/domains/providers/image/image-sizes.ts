import type { ImageAspectRatio, ImageProvider } from '@studio/contracts';

/**
 * Each provider's size (or ratio) for the three aspect ratios. OpenAI's models take a closed list
 * of sizes; Imagen, fal and Replicate take the ratio itself; Stable Diffusion servers (ComfyUI,
 * AUTOMATIC1111, OpenAI-compatible ones) get SDXL's native sizes, multiples of 64 near a
 * megapixel.
 */

export type Size = `${number}x${number}`;

const gptImageSizes: Record<ImageAspectRatio, Size> = {
  '1:1': '1024x1024',
  '16:9': '1536x1024',
  '9:16': '1024x1536',
};
const dallE3Sizes: Record<ImageAspectRatio, Size> = {
  '1:1': '1024x1024',
  '16:9': '1792x1024',
  '9:16': '1024x1792',
};
const sdxlSizes: Record<ImageAspectRatio, Size> = {
  '1:1': '1024x1024',
  '16:9': '1344x768',
  '9:16': '768x1344',
};

/** What generateImage is told: a size, or the ratio for providers that take one. */
export type SizeSetting = { size: Size } | { aspectRatio: ImageAspectRatio };

export function sizeSetting(
  provider: ImageProvider,
  model: string,
  aspectRatio: ImageAspectRatio,
): SizeSetting {
  switch (provider) {
    case 'google':
    case 'fal':
    case 'replicate':
      return { aspectRatio };
    case 'sandbox':
      return /^imagen/i.test(model) ? { aspectRatio } : { size: gptImageSizes[aspectRatio] };
    case 'openai':
      if (/^dall-e-3$/i.test(model)) return { size: dallE3Sizes[aspectRatio] };
      // DALL·E 2 makes squares only.
      if (/^dall-e-2$/i.test(model)) return { size: '1024x1024' };
      return { size: gptImageSizes[aspectRatio] };
    case 'openai-compatible':
    case 'comfyui':
    case 'automatic1111':
      return { size: sdxlSizes[aspectRatio] };
  }
}

/** The listed ratio nearest a picture's shape: an edit keeps its source's shape. */
export function nearestAspectRatio(width: number, height: number): ImageAspectRatio {
  const shape = Math.log(width / height);
  const ratios: [ImageAspectRatio, number][] = [
    ['1:1', 0],
    ['16:9', Math.log(16 / 9)],
    ['9:16', Math.log(9 / 16)],
  ];
  return ratios.reduce((best, next) =>
    Math.abs(next[1] - shape) < Math.abs(best[1] - shape) ? next : best,
  )[0];
}

/**
 * A Stable Diffusion edit keeps the source's own size: its sides rounded to multiples of 8 (what
 * the model works in), and scaled down to at most 1536 on the longer side.
 */
export function editSize(width: number, height: number): Size {
  const scale = Math.min(1, 1536 / Math.max(width, height));
  const side = (length: number) => Math.max(64, Math.round((length * scale) / 8) * 8);
  return `${side(width)}x${side(height)}`;
}
