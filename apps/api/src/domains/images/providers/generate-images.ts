import { IMAGE_SEED_MAX, type ImageCapability } from '@studio/contracts';
import { generateImage, type GenerateImageResult, type JSONValue } from 'ai';
import type { ImageModelDefinition } from '../images-config.ts';
import type {
  GeneratedPicture,
  ImageGenerationInput,
  ImageGenerationOutput,
} from './image-model-registry.ts';
import type { ImageModelRuntime } from './image-models.ts';
import { ImageProviderError, toImageProviderError } from './image-provider-error.ts';
import { editSize, nearestAspectRatio, sizeSetting, type SizeSetting } from './image-sizes.ts';
import { maskFor } from './mask-conventions.ts';
import { promptFor } from './style-presets.ts';

/**
 * One generation through the AI SDK's generateImage, whatever the provider: the request checked
 * against the model's capabilities, its settings mapped to what the provider takes, the variants
 * split into calls, and what came back counted (the SDK returns fewer pictures than asked
 * without an error: fewer is a shortfall, none is a failure).
 */

/** How far an AUTOMATIC1111 variation may move from its source (an edit moves further). */
const variationDenoisingStrength = 0.6;

interface Call {
  n: number;
  /** The seed this call is given (each variant's own, when they are made one by one). */
  seed: number | null;
}

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

async function imagesPerCall(runtime: ImageModelRuntime): Promise<number> {
  if (runtime.maxImagesPerCall) return runtime.maxImagesPerCall;
  const { maxImagesPerCall } = runtime.model;
  const value =
    typeof maxImagesPerCall === 'function'
      ? await maxImagesPerCall({ modelId: runtime.model.modelId })
      : maxImagesPerCall;
  return value ?? 1;
}

/** Each variant by its own seeded call, or the variants in as few calls as the model allows. */
function planCalls(count: number, seed: number | null, perVariant: boolean, perCall: number) {
  if (seed !== null && perVariant) {
    return Array.from({ length: count }, (_, index) => ({
      n: 1,
      seed: (seed + index) % (IMAGE_SEED_MAX + 1),
    }));
  }
  const calls: Call[] = [];
  for (let left = count; left > 0; left -= perCall)
    calls.push({ n: Math.min(left, perCall), seed });
  return calls;
}

function sizeFor(
  definition: ImageModelDefinition,
  input: ImageGenerationInput,
): SizeSetting | null {
  const { source } = input;
  if (!source || input.mode === 'generate') {
    return sizeSetting(definition.provider, definition.model, input.aspectRatio);
  }
  // A changed picture keeps its source's shape. AUTOMATIC1111 is given the source's own size;
  // OpenAI's Images API, asked no size, keeps the source's (its `auto`).
  if (definition.provider === 'automatic1111')
    return { size: editSize(source.width, source.height) };
  const setting = sizeSetting(
    definition.provider,
    definition.model,
    nearestAspectRatio(source.width, source.height),
  );
  return 'size' in setting && definition.provider !== 'comfyui' ? null : setting;
}

function providerOptionsFor(
  runtime: ImageModelRuntime,
  input: ImageGenerationInput,
  settings: { negativePrompt: string | null; style: boolean },
): Record<string, Record<string, JSONValue>> {
  const { extras } = runtime;
  if (extras.kind === 'none') return {};
  const fields: Record<string, JSONValue> = {};
  if (extras.kind === 'body') {
    if (settings.negativePrompt) fields.negative_prompt = settings.negativePrompt;
    if (settings.style && input.style) fields.style = input.style;
  } else {
    if (settings.negativePrompt) fields[extras.negativePromptField] = settings.negativePrompt;
    if (input.mode === 'variation' && extras.key === 'automatic1111') {
      fields.denoisingStrength = variationDenoisingStrength;
    }
  }
  return Object.keys(fields).length > 0 ? { [extras.key]: fields } : {};
}

/**
 * Where a call's seed goes: the SDK's `seed`, or for the OpenAI-protocol servers (whose SDK model
 * drops it with a warning) a `seed` field in the body.
 */
function seedSettings(
  runtime: ImageModelRuntime,
  providerOptions: Record<string, Record<string, JSONValue>>,
  seed: number | null,
) {
  if (seed === null) return { providerOptions };
  if (runtime.extras.kind !== 'body') return { seed, providerOptions };
  const { key } = runtime.extras;
  return { providerOptions: { ...providerOptions, [key]: { ...providerOptions[key], seed } } };
}

/** The seed a picture was made with: the provider's word for it, else the one its call was given. */
function seedOf(result: GenerateImageResult, index: number, call: Call): number | null {
  for (const metadata of Object.values(result.providerMetadata)) {
    const picture = metadata.images[index];
    if (typeof picture === 'object' && picture !== null && !Array.isArray(picture)) {
      const seed = (picture as Record<string, JSONValue | undefined>).seed;
      if (typeof seed === 'number' && Number.isSafeInteger(seed)) return seed;
    }
  }
  return call.n === 1 ? call.seed : null;
}

function warningText(warning: GenerateImageResult['warnings'][number]): string {
  if (warning.type === 'other') return warning.message;
  return `${warning.type}: ${warning.feature}${warning.details ? ` (${warning.details})` : ''}`;
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

  const text = promptFor(input.mode, input.prompt, input.style);
  const pictures = [
    ...(input.source && input.mode !== 'generate' ? [input.source.data] : []),
    ...input.references.map((reference) => reference.data),
  ];
  const mask =
    input.mask && input.mode === 'edit' ? await maskFor(input.mask, runtime.mask) : undefined;
  const prompt = pictures.length > 0 ? { text, images: pictures, ...(mask ? { mask } : {}) } : text;
  const size = sizeFor(definition, input);
  const providerOptions = providerOptionsFor(runtime, input, {
    negativePrompt,
    style: can('style'),
  });
  const calls = planCalls(input.count, seed, runtime.seedPerVariant, await imagesPerCall(runtime));

  const settled = await Promise.allSettled(
    calls.map((call) =>
      generateImage({
        model: runtime.model,
        prompt,
        n: call.n,
        maxImagesPerCall: call.n,
        ...(size ?? {}),
        ...seedSettings(runtime, providerOptions, call.seed),
        abortSignal: input.signal,
        // The job decides about trying again (a provider's refusal never is).
        maxRetries: 0,
      }),
    ),
  );
  if (input.signal.aborted) throw input.signal.reason;

  const images: GeneratedPicture[] = [];
  const failures: ImageProviderError[] = [];
  settled.forEach((outcome, callIndex) => {
    const call = calls[callIndex] as Call;
    if (outcome.status === 'rejected') {
      failures.push(toImageProviderError(outcome.reason, context.now()));
      return;
    }
    warnings.push(...outcome.value.warnings.map(warningText));
    outcome.value.images.slice(0, call.n).forEach((image, index) => {
      images.push({
        data: image.uint8Array,
        mediaType: image.mediaType,
        seed: seedOf(outcome.value, index, call),
      });
    });
  });
  const [firstFailure] = failures;
  if (images.length === 0) throw firstFailure ?? new ImageProviderError('noImage');
  if (firstFailure) {
    warnings.push(
      `${failures.length} of ${calls.length} calls failed (${firstFailure.code}, ${firstFailure.failure?.kind ?? 'unknown'} ${firstFailure.status ?? 'without a status'})`,
    );
  }
  return { images: images.slice(0, input.count), warnings };
}
