import {
  IMAGE_SEED_MAX,
  type ImageAspectRatio,
  type ImageMode,
  type ImageStylePreset,
} from '@studio/contracts';
import { generateImage, type GenerateImageResult, type JSONValue } from 'ai';
import type { ImageModelDefinition, ImageModelRuntime } from './image-models.ts';
import { ImageProviderError, toImageProviderError } from './image-provider-error.ts';
import { editSize, nearestAspectRatio, sizeSetting, type SizeSetting } from './image-sizes.ts';
import { maskFor } from './mask-conventions.ts';

/**
 * One call of an image model through the AI SDK's generateImage, whatever the provider: the
 * request's settings mapped to what the provider takes (sizes, extras, seeds, masks), the
 * variants split into calls, and what came back counted (the SDK returns fewer pictures than
 * asked without an error: fewer is a shortfall, none is a failure). What to ask is the tool's
 * to settle first (domains/images/generate-images.ts: the words, what the model may take).
 */

/** One picture handed to a model: its bytes as uploaded (or stored) and what they are. */
export interface ImageInput {
  data: Uint8Array;
  mediaType: string;
}

export interface GeneratedPicture {
  data: Uint8Array;
  mediaType: string;
  /** The seed the picture was made with, when the provider says it (or it was set per picture). */
  seed: number | null;
}

/** What a model is asked: everything in it is sent, so the tool leaves out what it cannot take. */
export interface ImageModelRequest {
  mode: ImageMode;
  /** The prompt as the provider receives it. */
  text: string;
  negativePrompt: string | null;
  seed: number | null;
  /** A style preset's name, for a model that takes one as a parameter. */
  style: ImageStylePreset | null;
  aspectRatio: ImageAspectRatio;
  /** Variants, 1 to IMAGE_VARIANTS_MAX. */
  count: number;
  /** The picture to edit or vary. */
  source: (ImageInput & { width: number; height: number }) | null;
  /** A PNG the source's size: transparent where the picture may change (OpenAI's rule). */
  mask: Uint8Array | null;
  references: ImageInput[];
  signal: AbortSignal;
}

export interface ImageModelResult {
  /** What came, in order, never more than asked and never padded: fewer is a shortfall. */
  images: GeneratedPicture[];
  /** For the log: settings the model could not take, variants that failed. */
  warnings: string[];
}

/** How far an AUTOMATIC1111 variation may move from its source (an edit moves further). */
const variationDenoisingStrength = 0.6;

interface Call {
  n: number;
  /** The seed this call is given (each variant's own, when they are made one by one). */
  seed: number | null;
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

function sizeFor(definition: ImageModelDefinition, input: ImageModelRequest): SizeSetting | null {
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
  input: ImageModelRequest,
): Record<string, Record<string, JSONValue>> {
  const { extras } = runtime;
  if (extras.kind === 'none') return {};
  const fields: Record<string, JSONValue> = {};
  if (extras.kind === 'body') {
    if (input.negativePrompt) fields.negative_prompt = input.negativePrompt;
    if (input.style) fields.style = input.style;
  } else {
    if (input.negativePrompt) fields[extras.negativePromptField] = input.negativePrompt;
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

export async function callImageModel(
  definition: ImageModelDefinition,
  runtime: ImageModelRuntime,
  input: ImageModelRequest,
  context: { now: () => Date },
): Promise<ImageModelResult> {
  const warnings: string[] = [];
  const pictures = [
    ...(input.source && input.mode !== 'generate' ? [input.source.data] : []),
    ...input.references.map((reference) => reference.data),
  ];
  const mask =
    input.mask && input.mode === 'edit' ? await maskFor(input.mask, runtime.mask) : undefined;
  const prompt =
    pictures.length > 0
      ? { text: input.text, images: pictures, ...(mask ? { mask } : {}) }
      : input.text;
  const size = sizeFor(definition, input);
  const providerOptions = providerOptionsFor(runtime, input);
  const calls = planCalls(
    input.count,
    input.seed,
    runtime.seedPerVariant,
    await imagesPerCall(runtime),
  );

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
