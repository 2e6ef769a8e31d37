import { z } from 'zod';
import { modelPlan } from './chat.ts';
import {
  IMAGE_NEGATIVE_PROMPT_MAX_LENGTH,
  IMAGE_PROMPT_MAX_LENGTH,
  IMAGE_REFERENCES_MAX,
  IMAGE_SEED_MAX,
  IMAGE_VARIANTS_MAX,
  imageAspectRatios,
  imageCapabilities,
  imageModes,
  imageProviders,
  imageStylePresets,
  imageTools,
} from './imageOptions.ts';
import { jobViewOf } from './jobs.ts';

export * from './imageOptions.ts';

/**
 * The image tools (the generator, /imagen, /anime): models, generations as jobs, the gallery and
 * an image's family. Signed-in users' images are kept on the server (the gallery); a visitor's
 * only in their browser: their job's images are read once, with their visitor key, and kept there.
 */

export const imageTool = z.enum(imageTools);
export const imageMode = z.enum(imageModes);
export const imageAspectRatio = z.enum(imageAspectRatios);
export const imageStylePreset = z.enum(imageStylePresets);
export const imageProvider = z.enum(imageProviders);
export const imageCapability = z.enum(imageCapabilities);

export const imageTexts = {
  promptRequired: 'Describe the picture you want.',
  promptTooLong: `The prompt is too long: at most ${IMAGE_PROMPT_MAX_LENGTH} characters.`,
  negativePromptTooLong: `The negative prompt is too long: at most ${IMAGE_NEGATIVE_PROMPT_MAX_LENGTH} characters.`,
  sourceRequired: 'Choose the image to start from.',
} as const;

/** One image model as the caller sees it. Keys and endpoints never reach the browser. */
export const imageModel = z.object({
  id: z.string(),
  name: z.string(),
  provider: imageProvider,
  capabilities: z.array(imageCapability),
  plan: modelPlan,
  /** False when the model needs a plan above the caller's: shown locked, with the upgrade modal. */
  available: z.boolean(),
});
export type ImageModel = z.infer<typeof imageModel>;

/** The caller's image allowance today (UTC day). */
export const imageQuota = z.object({
  /** Images per UTC day on the caller's plan (each variant counts). */
  limit: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  /** What the caller can still make today (below limit − used when a visitor's network is at its ceiling). */
  remaining: z.number().int().nonnegative(),
  /** ISO 8601: the next UTC midnight. */
  resetsAt: z.string(),
  /** The rule the pages say: images a day for a visitor and for a free account. */
  allowances: z.object({
    visitor: z.number().int().nonnegative(),
    free: z.number().int().nonnegative(),
  }),
});
export type ImageQuota = z.infer<typeof imageQuota>;

/** GET /api/images/models (public: a visitor sees the free models and the rest locked). */
export const imageModelsResponse = z.object({
  models: z.array(imageModel),
  /** The model a new request starts with (null when none is available). */
  defaultModelId: z.string().nullable(),
  /** True when only sandbox models are configured: the pages say the pictures are stand-ins. */
  sandbox: z.boolean(),
  quota: imageQuota,
});
export type ImageModelsResponse = z.infer<typeof imageModelsResponse>;

const prompt = z.string().trim().max(IMAGE_PROMPT_MAX_LENGTH, imageTexts.promptTooLong);

/**
 * POST /api/images/generations. JSON, or multipart/form-data with this object in the field
 * `request` and the files `source` (the image to edit or vary, when it is not a gallery image),
 * `mask` (a PNG the source's size: transparent where the picture may change, OpenAI's rule) and
 * `reference` (up to IMAGE_REFERENCES_MAX). Uploads follow the chat's image rules.
 */
export const imageGenerationRequest = z
  .object({
    tool: imageTool,
    mode: imageMode.default('generate'),
    prompt: prompt.default(''),
    negativePrompt: z
      .string()
      .trim()
      .max(IMAGE_NEGATIVE_PROMPT_MAX_LENGTH, imageTexts.negativePromptTooLong)
      .optional(),
    modelId: z.string().min(1).max(100),
    aspectRatio: imageAspectRatio.default('1:1'),
    variants: z.number().int().min(1).max(IMAGE_VARIANTS_MAX).default(1),
    /** Absent: the provider picks (each image's seed is reported when the provider says it). */
    seed: z.number().int().min(0).max(IMAGE_SEED_MAX).optional(),
    style: imageStylePreset.optional(),
    /** A gallery image of the caller's (signed in): the source of an edit or a variation. */
    sourceImageId: z.string().min(1).max(100).optional(),
    /**
     * The image this one comes from, for the family tree, when it is not the source (an
     * "iterate" that regenerates with changed settings). Signed-in users' gallery ids only.
     */
    parentImageId: z.string().min(1).max(100).optional(),
  })
  .superRefine((request, context) => {
    if (request.mode !== 'variation' && request.prompt.length === 0) {
      context.addIssue({ code: 'custom', path: ['prompt'], message: imageTexts.promptRequired });
    }
  });
export type ImageGenerationRequest = z.input<typeof imageGenerationRequest>;
export type ParsedImageGenerationRequest = z.output<typeof imageGenerationRequest>;
export const imageUploadFields = { source: 1, mask: 1, reference: IMAGE_REFERENCES_MAX } as const;

/** One image as the gallery, a job's result and the viewer show it. */
export const generatedImage = z.object({
  /** A gallery id (signed in), or `<jobId>:<index>` for a visitor's (never stored on the server). */
  id: z.string(),
  jobId: z.string(),
  /** Its place among the request's variants (0-based). */
  index: z.number().int().min(0),
  tool: imageTool,
  mode: imageMode,
  prompt: z.string(),
  negativePrompt: z.string().nullable(),
  modelId: z.string(),
  modelName: z.string(),
  /** The seed the provider used, when it says (else the one asked for, else null). */
  seed: z.number().int().nullable(),
  aspectRatio: imageAspectRatio,
  style: imageStylePreset.nullable(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The image it came from (edit, variation, iterate); null for a first generation. */
  parentId: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /**
   * Where the PNG is (an API path: fetch it with the bearer token or the visitor key); it carries
   * the generation parameters in a `tEXt` chunk.
   */
  fileUrl: z.string(),
});
export type GeneratedImage = z.infer<typeof generatedImage>;

/** An `images.generate` job's result. */
export const imageJobResult = z.object({
  /** How many images were asked for. */
  requested: z.number().int().min(1).max(IMAGE_VARIANTS_MAX),
  images: z.array(generatedImage),
  /**
   * Set when the provider returned fewer images than asked without an error: the page says so
   * (the missing ones are not counted against the quota).
   */
  shortfall: z.number().int().min(0),
});
export type ImageJobResult = z.infer<typeof imageJobResult>;
export const imageJob = jobViewOf(imageJobResult);
export type ImageJob = z.infer<typeof imageJob>;

/** GET /api/images?cursor=…: the caller's gallery, newest first. */
export const galleryPage = z.object({
  images: z.array(generatedImage),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPage>;

/** GET /api/images/{id}/family: the whole tree the image belongs to (its root and every descendant). */
export const imageFamily = z.object({
  rootId: z.string(),
  /** Parents before children, oldest first; each names its parentId. */
  images: z.array(generatedImage),
});
export type ImageFamily = z.infer<typeof imageFamily>;
