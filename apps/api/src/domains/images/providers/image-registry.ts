import type { ImagesConfig } from '../images-config.ts';
import { createModelCatalogue } from '../../models/model-catalogue.ts';
import { generateImages } from './generate-images.ts';
import type { ImageModelRegistry } from './image-model-registry.ts';
import { type ImageModelOptions, imageModelRuntime } from './image-models.ts';
import { createScrubber } from './image-provider-error.ts';

/** Every secret a provider error might echo back: the keys, and A1111's basic-auth pair. */
function secretsOf(providers: ImagesConfig['providers']): (string | null)[] {
  const { username, password } = providers.automatic1111;
  return [
    providers.openai.apiKey,
    providers.openaiCompatible.apiKey,
    providers.google.apiKey,
    providers.fal.apiKey,
    providers.replicate.apiToken,
    providers.comfyui.apiKey,
    password,
    username !== null && password !== null
      ? Buffer.from(`${username}:${password}`).toString('base64')
      : null,
  ];
}

/** The registry over a checked configuration (images-config.ts). */
export function createImageModelRegistry(
  config: ImagesConfig,
  options: ImageModelOptions & { now?: () => Date } = {},
): ImageModelRegistry {
  const catalogue = createModelCatalogue(config.models);
  const runtimes = new Map(
    config.models.map((model) => [
      model.id,
      { definition: model, runtime: imageModelRuntime(model, config.providers, options) },
    ]),
  );
  const scrub = createScrubber(secretsOf(config.providers));
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
      return generateImages(entry.definition, entry.runtime, input, { scrub, now });
    },
  };
}
