import {
  type CataloguePart,
  createModelCatalogue,
  type ImageModelOptions,
  imageModelRuntime,
} from '../providers/index.ts';
import { generateImages } from './generate-images.ts';
import type { ImageModelRegistry } from './image-model-registry.ts';
import type { ImagesConfig } from './images-config.ts';

/**
 * The image tools' registry over a checked configuration (images-config.ts): IMAGE_MODELS as
 * the provider layer's catalogue lists them, each with its runtime from the image adapter.
 * `catalogue` is the image models' part of the whole catalogue (plugins/app/images.ts adds it).
 */
export function createImageModelRegistry(
  config: ImagesConfig,
  options: ImageModelOptions & { now?: () => Date } = {},
): ImageModelRegistry & { readonly catalogue: CataloguePart } {
  const catalogue = createModelCatalogue('image', config.models);
  const runtimes = new Map(
    config.models.map((model) => [
      model.id,
      { definition: model, runtime: imageModelRuntime(model, config.providers, options) },
    ]),
  );
  const now = options.now ?? (() => new Date());

  return {
    all: catalogue.all,
    get: catalogue.get,
    forPlan: catalogue.forPlan,
    defaultModelId: (plan) => catalogue.firstFor(plan),
    sandboxOnly: catalogue.sandboxOnly,
    generate: async (input) => {
      const entry = runtimes.get(input.modelId);
      if (!entry) throw new Error(`unknown image model id: ${input.modelId}`);
      return generateImages(entry.definition, entry.runtime, input, { now });
    },
    catalogue,
  };
}
