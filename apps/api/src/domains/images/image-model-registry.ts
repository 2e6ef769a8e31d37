import type {
  ImageAspectRatio,
  ImageCapability,
  ImageMode,
  ImageModel,
  ImageProvider,
  ImageStylePreset,
  ModelPlan,
} from '@studio/contracts';
import type { GeneratedPicture, ImageInput } from '../providers/index.ts';

/** A configured image model, as the server knows it (its provider settings stay in the registry). */
export interface RegisteredImageModel {
  id: string;
  name: string;
  provider: ImageProvider;
  capabilities: readonly ImageCapability[];
  plan: ModelPlan;
}

/** What one generation asks of a model. */
export interface ImageGenerationInput {
  modelId: string;
  mode: ImageMode;
  /** The user's words; may be empty for a variation. */
  prompt: string;
  negativePrompt: string | null;
  aspectRatio: ImageAspectRatio;
  /** Variants, 1 to IMAGE_VARIANTS_MAX. */
  count: number;
  seed: number | null;
  style: ImageStylePreset | null;
  /** The picture to edit or vary (required for those modes). */
  source: (ImageInput & { width: number; height: number }) | null;
  /** A PNG the source's size: transparent where the picture may change (OpenAI's rule). */
  mask: Uint8Array | null;
  references: ImageInput[];
  signal: AbortSignal;
}

export interface ImageGenerationOutput {
  /** What came, in order, never more than asked and never padded: fewer is a shortfall. */
  images: GeneratedPicture[];
  /** For the log: settings a model could not take, variants that failed. */
  warnings: string[];
}

/**
 * The image models the server can use, from configuration (plugins/app/images.ts decorates the
 * app with one): IMAGE_MODELS as the provider layer's catalogue lists them, each called through
 * its image adapter. The job calls `generate`; nothing else knows providers or keys.
 */
export interface ImageModelRegistry {
  /** Every configured model, in configuration order. */
  all(): RegisteredImageModel[];
  get(id: string): RegisteredImageModel | undefined;
  /** The models as a caller on this plan sees them (available false above the plan). */
  forPlan(plan: ModelPlan): ImageModel[];
  /** The first model the plan may use, or null. */
  defaultModelId(plan: ModelPlan): string | null;
  /** True when only sandbox models are configured (the pages say so). */
  readonly sandboxOnly: boolean;
  /**
   * Makes the pictures. Throws ImageProviderError for a provider's failure or a request the
   * model cannot take, and the signal's reason when it aborts (cancelled, timed out).
   */
  generate(input: ImageGenerationInput): Promise<ImageGenerationOutput>;
}
