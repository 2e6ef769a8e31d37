/** The image providers, as the rest of the images domain sees them. */
export type {
  GeneratedPicture,
  ImageGenerationInput,
  ImageGenerationOutput,
  ImageInput,
  ImageModelRegistry,
  RegisteredImageModel,
} from './image-model-registry.ts';
export { createImageModelRegistry } from './image-registry.ts';
export type { ImageModelOptions } from './image-models.ts';
export {
  ImageProviderError,
  type ImageProviderFailure,
  imageProviderTexts,
} from './image-provider-error.ts';
export { stylePresetWords } from './style-presets.ts';
