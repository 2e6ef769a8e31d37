import type { ImageCapability } from '@studio/contracts';
import {
  callImageModel,
  type ImageModelDefinition,
  type ImageModelRuntime,
  ImageProviderError,
} from '../providers/index.ts';
import type { ImageGenerationInput, ImageGenerationOutput } from './image-model-registry.ts';
import { promptFor } from './style-presets.ts';

/**
 * One generation as the image tools ask it: the request checked against the model's
 * capabilities (a refusal the user reads), settings the model cannot take left out with a
 * warning, and the words the provider receives (a variation's ask, the style preset's words).
 * The provider layer's image adapter then makes the call (providers/image/call-image-model.ts).
 */

/** The capabilities a request needs, and the refusal when the model lacks one. */
function refusalOf(
  input: ImageGenerationInput,
  can: (capability: ImageCapability) => boolean,
): ImageProviderError | null {
  if (input.mode !== 'generate' && !input.source) return new ImageProviderError('sourceRequired');
  if (input.mode === 'edit' && !can('edit')) return new ImageProviderError('cannotEdit');
  if (input.mode === 'variation' && !can('variation')) return new ImageProviderError('cannotVary');
  if (input.mask && input.mode === 'edit' && !can('mask')) {
    return new ImageProviderError('cannotMask');
  }
  if (input.references.length > 0 && !can('reference-images')) {
    return new ImageProviderError('cannotFollowReferences');
  }
  return null;
}

export async function generateImages(
  definition: ImageModelDefinition,
  runtime: ImageModelRuntime,
  input: ImageGenerationInput,
  context: { now: () => Date },
): Promise<ImageGenerationOutput> {
  const can = (capability: ImageCapability) => definition.capabilities.includes(capability);
  const refusal = refusalOf(input, can);
  if (refusal) throw refusal;

  const warnings: string[] = [];
  const negativePrompt =
    input.negativePrompt && can('negative-prompt') ? input.negativePrompt : null;
  if (input.negativePrompt && !negativePrompt)
    warnings.push(`${definition.id} takes no negative prompt: left out`);
  const seed = input.seed !== null && can('seed') ? input.seed : null;
  if (input.seed !== null && seed === null)
    warnings.push(`${definition.id} takes no seed: left out`);

  const made = await callImageModel(
    definition,
    runtime,
    {
      mode: input.mode,
      text: promptFor(input.mode, input.prompt, input.style),
      negativePrompt,
      seed,
      style: can('style') ? input.style : null,
      aspectRatio: input.aspectRatio,
      count: input.count,
      source: input.source,
      mask: input.mask,
      references: input.references,
      signal: input.signal,
    },
    context,
  );
  return { images: made.images, warnings: [...warnings, ...made.warnings] };
}
