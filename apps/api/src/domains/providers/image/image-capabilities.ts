import type { ImageCapability, ImageProvider } from '@studio/contracts';
import type { ComfyPlaceholder } from './comfyui-workflow.ts';

/**
 * What each provider can do through this app (what its client sends), and what a model does
 * when IMAGE_MODELS leaves `capabilities` out: what the model really supports, as far as its
 * name tells. An operator may narrow them, or widen them within what the provider can carry.
 */

/** Imagen through the Gemini API takes neither a seed nor a negative prompt (Vertex AI does). */
const isGeminiImageModel = (model: string) => /^gemini-/i.test(model);
const isGptImageModel = (model: string) => /^(?:gpt-image|chatgpt-image)/i.test(model);
/** Replicate's FLUX.2 models take up to eight input images (the provider's own pattern). */
const isFlux2Model = (model: string) => /^black-forest-labs\/flux-2/i.test(model);

/** The capabilities a provider's client can carry at all (ComfyUI: what its workflow holds). */
export function supportedCapabilities(
  provider: ImageProvider,
  model: string,
  comfyPlaceholders: readonly ComfyPlaceholder[] = [],
): ImageCapability[] {
  switch (provider) {
    case 'sandbox':
      return /^imagen/i.test(model)
        ? []
        : ['edit', 'mask', 'variation', 'negative-prompt', 'seed', 'reference-images', 'style'];
    case 'openai-compatible':
      return ['edit', 'mask', 'variation', 'negative-prompt', 'seed', 'reference-images', 'style'];
    case 'openai':
      // OpenAI's Images API has no seed nor negative prompt; its `style` is vivid/natural.
      return ['edit', 'mask', 'variation', 'reference-images'];
    case 'google':
      // Gemini image models take pictures (no mask); Imagen through this API takes none.
      return isGeminiImageModel(model) ? ['edit', 'variation', 'reference-images'] : [];
    case 'fal':
    case 'replicate':
      return ['edit', 'mask', 'variation', 'negative-prompt', 'seed', 'reference-images'];
    case 'automatic1111':
      return ['edit', 'mask', 'variation', 'negative-prompt', 'seed'];
    case 'comfyui':
      return [
        ...(comfyPlaceholders.includes('negative_prompt') ? (['negative-prompt'] as const) : []),
        ...(comfyPlaceholders.includes('seed') ? (['seed'] as const) : []),
      ];
  }
}

/** A model's capabilities when IMAGE_MODELS does not list them. */
export function defaultCapabilities(
  provider: ImageProvider,
  model: string,
  comfyPlaceholders: readonly ComfyPlaceholder[] = [],
): ImageCapability[] {
  switch (provider) {
    case 'sandbox':
      return supportedCapabilities(provider, model);
    case 'openai':
      if (isGptImageModel(model)) return ['edit', 'mask', 'variation', 'reference-images'];
      // DALL·E 2 edits where a mask (or the picture's own transparency) says; a variation would
      // need its /variations endpoint, which the SDK does not speak. DALL·E 3 only generates.
      return /^dall-e-2$/i.test(model) ? ['edit', 'mask'] : [];
    case 'google':
      return supportedCapabilities(provider, model);
    case 'fal': {
      // fal's endpoints are one task each: the name says whether it takes a picture or a mask.
      const takesImage = /\/(?:edit|image-to-image|redux|kontext)\b/i.test(model);
      const takesMask = /\/(?:inpaint|fill)\b/i.test(model);
      return [
        'seed',
        ...(takesImage || takesMask ? (['edit', 'variation'] as const) : []),
        ...(takesMask ? (['mask'] as const) : []),
      ];
    }
    case 'replicate':
      return isFlux2Model(model) ? ['seed', 'edit', 'variation', 'reference-images'] : ['seed'];
    case 'openai-compatible':
      // Servers differ (LocalAI, stable-diffusion.cpp…): only what every one of them takes.
      return [];
    case 'automatic1111':
      return supportedCapabilities(provider, model);
    case 'comfyui':
      return supportedCapabilities(provider, model, comfyPlaceholders);
  }
}
