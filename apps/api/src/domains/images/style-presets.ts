import type { ImageMode, ImageStylePreset } from '@studio/contracts';

/**
 * /anime's presets as words: every model gets them in its prompt (most have no style parameter
 * of their own), and a model with the `style` capability also gets the preset's name.
 */
export const stylePresetWords: Record<ImageStylePreset, string> = {
  anime: 'anime style, cel shading, clean line art, vibrant colours',
  chibi: 'chibi style, super-deformed proportions, big head, small body, cute, soft pastel colours',
  manga: 'manga style, black-and-white ink drawing, screentone shading, bold lines',
  watercolor: 'watercolor painting, soft washes, bleeding edges, visible paper texture',
};

/** What a variation asks for when the model takes the source picture as an input. */
export const variationWords = 'a variation of this image';

/** The prompt the provider receives: the user's words, a variation's ask, the style's words. */
export function promptFor(mode: ImageMode, prompt: string, style: ImageStylePreset | null): string {
  const words = prompt.trim();
  const parts =
    mode === 'variation' ? [words ? `${variationWords}: ${words}` : variationWords] : [words];
  if (style) parts.push(stylePresetWords[style]);
  return parts.filter(Boolean).join(', ');
}
