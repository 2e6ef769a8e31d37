import type { GeneratedImage, ImageGenerationRequest, ImageModel } from '@studio/contracts';
import {
  IMAGE_NEGATIVE_PROMPT_MAX_LENGTH,
  IMAGE_PROMPT_MAX_LENGTH,
  IMAGE_REFERENCES_MAX,
  IMAGE_SEED_MAX,
  IMAGE_VARIANTS_MAX,
  type ImageAspectRatio,
  type ImageCapability,
  type ImageMode,
  type ImageStylePreset,
  type ImageTool,
} from '@studio/contracts/imageOptions';
import type { ImageParameters } from '@studio/contracts/pngParameters';
import type { MaskStroke } from '../mask/maskRaster';

/** The picture an edit or a variation starts from: one of the user's, or a file from the device. */
export type ImageSource =
  | { kind: 'image'; image: GeneratedImage }
  | { kind: 'upload'; file: File; width: number; height: number };

/** Everything the form holds; the page keeps it whatever happens to a run (nothing is lost). */
export interface ImageFormState {
  mode: ImageMode;
  prompt: string;
  negativePrompt: string;
  aspectRatio: ImageAspectRatio;
  variants: number;
  /** As typed: empty means the provider picks. */
  seed: string;
  /** "Reuse seed": after a run, an empty seed takes the seed the run's first picture used. */
  lockSeed: boolean;
  modelId: string | null;
  style: ImageStylePreset | null;
  source: ImageSource | null;
  /** Where the picture may change (edit mode); none: all of it may. */
  maskStrokes: readonly MaskStroke[];
  references: readonly File[];
  /** The picture this run comes from when it is not the source (a reused gallery image). */
  parentImageId: string | null;
}

export function initialForm(tool: ImageTool, modelId: string | null): ImageFormState {
  return {
    mode: 'generate',
    prompt: '',
    negativePrompt: '',
    aspectRatio: '1:1',
    variants: tool === 'generator' ? 2 : 1,
    seed: '',
    lockSeed: false,
    modelId,
    style: tool === 'anime' ? 'anime' : null,
    source: null,
    maskStrokes: [],
    references: [],
    parentImageId: null,
  };
}

export const can = (model: ImageModel | undefined, capability: ImageCapability): boolean =>
  model?.capabilities.includes(capability) ?? false;

/** The capability a mode needs beyond generating from a prompt. */
export const modeCapability: Record<ImageMode, ImageCapability | null> = {
  generate: null,
  edit: 'edit',
  variation: 'variation',
};

/** What is wrong with the form, as keys under `form.errors` of the images namespace. */
export type FormErrors = Partial<
  Record<'prompt' | 'negativePrompt' | 'seed' | 'variants' | 'source' | 'model', FormErrorKey>
>;
export type FormErrorKey =
  | 'promptRequired'
  | 'promptTooLong'
  | 'negativePromptTooLong'
  | 'seedInvalid'
  | 'variantsInvalid'
  | 'sourceRequired'
  | 'modelRequired'
  | 'modelCannot';

/** The seed as a number, null when empty, undefined when it is not a seed at all. */
export function parseSeed(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const seed = Number(trimmed);
  return Number.isSafeInteger(seed) && seed <= IMAGE_SEED_MAX ? seed : undefined;
}

/** The server's rules (the contracts' imageGenerationRequest), checked before anything is sent. */
export function validateForm(form: ImageFormState, model: ImageModel | undefined): FormErrors {
  const errors: FormErrors = {};
  const prompt = form.prompt.trim();
  if (form.mode !== 'variation' && prompt.length === 0) errors.prompt = 'promptRequired';
  else if (prompt.length > IMAGE_PROMPT_MAX_LENGTH) errors.prompt = 'promptTooLong';
  if (form.negativePrompt.trim().length > IMAGE_NEGATIVE_PROMPT_MAX_LENGTH) {
    errors.negativePrompt = 'negativePromptTooLong';
  }
  if (parseSeed(form.seed) === undefined) errors.seed = 'seedInvalid';
  if (!Number.isInteger(form.variants) || form.variants < 1 || form.variants > IMAGE_VARIANTS_MAX) {
    errors.variants = 'variantsInvalid';
  }
  if (form.mode !== 'generate' && !form.source) errors.source = 'sourceRequired';
  const needed = modeCapability[form.mode];
  if (!model) errors.model = 'modelRequired';
  else if (needed && !can(model, needed)) errors.model = 'modelCannot';
  return errors;
}

/** Gallery ids are the server's; a visitor's `<jobId>:<index>` ids are not, and are never sent. */
export const isGalleryId = (id: string) => !id.includes(':');

export interface GenerationCall {
  request: ImageGenerationRequest;
  files: { source?: Blob; mask?: Blob; references: readonly Blob[] };
  /**
   * A visitor's picture as the source: not in any gallery the server knows (its id is
   * `<job>:<index>`), so its bytes are fetched from here and sent as the source file.
   */
  sourceFileUrl?: string;
}

/**
 * The request the form asks for: only what the model takes (a negative prompt, a seed or
 * references it cannot use would be refused), the source as a gallery id or a file.
 */
export function toGenerationCall(
  form: ImageFormState,
  tool: ImageTool,
  model: ImageModel,
  /** The painted mask as a PNG (exportMask), for an edit with one. */
  mask: Blob | null = null,
): GenerationCall {
  const seed = parseSeed(form.seed);
  const negativePrompt = form.negativePrompt.trim();
  const editing = form.mode !== 'generate';
  const source = editing ? form.source : null;
  const request: ImageGenerationRequest = {
    tool,
    mode: form.mode,
    prompt: form.prompt.trim(),
    modelId: model.id,
    aspectRatio: form.aspectRatio,
    variants: form.variants,
    ...(negativePrompt && can(model, 'negative-prompt') ? { negativePrompt } : {}),
    ...(typeof seed === 'number' && can(model, 'seed') ? { seed } : {}),
    ...(form.style ? { style: form.style } : {}),
    ...(source?.kind === 'image' && isGalleryId(source.image.id)
      ? { sourceImageId: source.image.id }
      : {}),
    ...(form.parentImageId &&
    form.parentImageId !== (source?.kind === 'image' ? source.image.id : null)
      ? { parentImageId: form.parentImageId }
      : {}),
  };
  return {
    request,
    ...(source?.kind === 'image' && !isGalleryId(source.image.id)
      ? { sourceFileUrl: source.image.fileUrl }
      : {}),
    files: {
      ...(source?.kind === 'upload' ? { source: source.file } : {}),
      ...(form.mode === 'edit' && mask && can(model, 'mask') ? { mask } : {}),
      references: can(model, 'reference-images')
        ? form.references.slice(0, IMAGE_REFERENCES_MAX)
        : [],
    },
  };
}

/** "Reuse settings": the picture's prompt, negative prompt, seed, ratio, model and style. */
export function reuseSettings(
  form: ImageFormState,
  image: GeneratedImage,
  models: readonly ImageModel[],
): ImageFormState {
  const model = models.find((candidate) => candidate.id === image.modelId);
  return {
    ...form,
    mode: 'generate',
    prompt: image.prompt,
    negativePrompt: image.negativePrompt ?? '',
    seed: image.seed === null ? '' : String(image.seed),
    aspectRatio: image.aspectRatio,
    modelId: model?.available ? model.id : form.modelId,
    style: image.style ?? form.style,
    source: null,
    maskStrokes: [],
    parentImageId: isGalleryId(image.id) ? image.id : null,
  };
}

/** "Edit" (iterate) or "Variation": the picture becomes the source, its prompt the start. */
export function startFrom(
  form: ImageFormState,
  image: GeneratedImage,
  mode: 'edit' | 'variation',
): ImageFormState {
  return {
    ...form,
    mode,
    prompt: image.prompt,
    aspectRatio: image.aspectRatio,
    source: { kind: 'image', image },
    maskStrokes: [],
    parentImageId: null,
  };
}

/**
 * A dropped PNG's parameters: what they say fills the form, the rest is kept. The model is
 * matched by name (the file names it as the user saw it) or id, among the models one may use.
 */
export function loadParameters(
  form: ImageFormState,
  parameters: ImageParameters,
  models: readonly ImageModel[],
): ImageFormState {
  const named = parameters.model?.trim().toLowerCase();
  const model = named
    ? models.find(
        (candidate) =>
          candidate.available &&
          (candidate.name.toLowerCase() === named || candidate.id.toLowerCase() === named),
      )
    : undefined;
  return {
    ...form,
    mode: 'generate',
    prompt: parameters.prompt,
    negativePrompt: parameters.negativePrompt ?? '',
    seed: parameters.seed === null ? '' : String(parameters.seed),
    aspectRatio: parameters.aspectRatio ?? form.aspectRatio,
    modelId: model?.id ?? form.modelId,
    style: parameters.style ?? form.style,
    source: null,
    maskStrokes: [],
    parentImageId: null,
  };
}
