/**
 * The image tools' limits and choices as plain data, with no zod: the image pages' forms and the
 * PNG parameters reader import these without pulling zod in. images.ts builds its schemas from them.
 */

/** The longest prompt the API accepts (characters; DALL·E 3's own limit is 4000). */
export const IMAGE_PROMPT_MAX_LENGTH = 4000;
/** The longest negative prompt (characters). */
export const IMAGE_NEGATIVE_PROMPT_MAX_LENGTH = 1000;
/** Variants per request: 1 to 4. */
export const IMAGE_VARIANTS_MAX = 4;
/** Reference images per request, where the model takes them. */
export const IMAGE_REFERENCES_MAX = 3;
/** The largest seed (an unsigned 32-bit number: every provider that takes a seed accepts it). */
export const IMAGE_SEED_MAX = 4_294_967_295;
/** Gallery items per page. */
export const GALLERY_PAGE_SIZE = 24;

/** Where the image tools are: the quick generator, the Imagen workspace, Anime. */
export const imageTools = ['generator', 'imagen', 'anime'] as const;
export type ImageTool = (typeof imageTools)[number];

/**
 * generate: from the prompt alone; edit: change a source image (where its mask is transparent,
 * or all of it without a mask) as the prompt says; variation: a new take on a source image.
 */
export const imageModes = ['generate', 'edit', 'variation'] as const;
export type ImageMode = (typeof imageModes)[number];

/** Square, wide and tall: each provider gets its nearest size or ratio. */
export const imageAspectRatios = ['1:1', '16:9', '9:16'] as const;
export type ImageAspectRatio = (typeof imageAspectRatios)[number];

/** /anime's presets: words added to the prompt, and the provider's own style where one exists. */
export const imageStylePresets = ['anime', 'chibi', 'manga', 'watercolor'] as const;
export type ImageStylePreset = (typeof imageStylePresets)[number];

/** Provider kinds IMAGE_MODELS can hold (the browser only shows them). */
export const imageProviders = [
  'sandbox',
  'openai',
  'google',
  'fal',
  'replicate',
  'openai-compatible',
  'comfyui',
  'automatic1111',
] as const;
export type ImageProvider = (typeof imageProviders)[number];

/**
 * What an image model can do beyond generating from a prompt: `edit` (a source image changed as
 * the prompt says), `mask` (only where the mask is transparent), `variation`, `negative-prompt`,
 * `seed` (repeatable results), `reference-images` (pictures to follow), `style` (a style
 * parameter of its own).
 */
export const imageCapabilities = [
  'edit',
  'mask',
  'variation',
  'negative-prompt',
  'seed',
  'reference-images',
  'style',
] as const;
export type ImageCapability = (typeof imageCapabilities)[number];

/** The plan a model needs (the chat's plans). */
export const imageModelPlans = ['free', 'pro', 'godmode'] as const;

/** The stages an image job reports (the page translates them). */
export const imageJobStages = ['preparing', 'generating', 'storing'] as const;
export type ImageJobStage = (typeof imageJobStages)[number];

/**
 * The header a visitor's browser sends instead of a bearer token: a random key it made once and
 * keeps (43 base64url characters, 256 bits). Its jobs and their images are readable only with
 * it, so a visitor's pictures stay in their browser.
 */
export const VISITOR_KEY_HEADER = 'x-visitor-key';
export const VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The PNG `tEXt` keyword the generation parameters are written under, as AUTOMATIC1111 and
 * InvokeAI write theirs: the prompt, then `Negative prompt: …`, then `Key: value, …`.
 */
export const PNG_PARAMETERS_KEYWORD = 'parameters';

/**
 * Why an image job failed, in the API's own words (a failed job shows one of these and nothing
 * else): a provider's answer, never its own message…
 */
export const imageProviderFailureTexts = {
  refused:
    'The image provider refused this prompt under its content rules. Change the words and try again.',
  rejected:
    'The image provider did not accept these settings. Try other settings or another model.',
  misconfigured:
    'This image model is not set up correctly on this site. Choose another model, or tell the site team.',
  rateLimited: 'The image provider is receiving too many requests. Please try again in a moment.',
  unavailable: 'The image provider could not make the picture right now. Please try again.',
  noImage: 'The image provider returned no picture. Try again, or change the prompt.',
  cannotEdit: 'This model cannot change a picture. Choose another model.',
  cannotVary: 'This model cannot make variations of a picture. Choose another model.',
  cannotMask:
    'This model cannot change only part of a picture. Remove the mask or choose another model.',
  cannotFollowReferences:
    'This model cannot follow reference pictures. Remove them or choose another model.',
  sourceRequired: 'Choose the picture to start from.',
} as const;

/** …or the job's own trouble. */
export const imageJobFailureTexts = {
  sourceGone: 'The image to start from no longer exists.',
  modelGone: 'This model is no longer available. Choose another model.',
  timeout: 'The image provider took too long to answer. Please try again.',
  unreadableResult: 'The image provider sent a picture that could not be read. Please try again.',
} as const;

export const imageFailureTexts = { ...imageProviderFailureTexts, ...imageJobFailureTexts } as const;
export type ImageFailure = keyof typeof imageFailureTexts;

/** Which failure a job's error text is (the pages show it in the reader's language), if any. */
export function imageFailureOf(text: string | null): ImageFailure | null {
  if (text === null) return null;
  const entry = Object.entries(imageFailureTexts).find(([, known]) => known === text);
  return entry ? (entry[0] as ImageFailure) : null;
}
