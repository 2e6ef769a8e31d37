import type { ImagesConfig } from '../images-config.ts';
import { canUse } from '../../models/entitlements.ts';
import { generateImages } from './generate-images.ts';
import type { ImageModelRegistry, RegisteredImageModel } from './image-model-registry.ts';
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
  const registered: RegisteredImageModel[] = config.models.map((model) => ({
    id: model.id,
    name: model.name,
    provider: model.provider,
    capabilities: [...model.capabilities],
    plan: model.plan,
  }));
  const byId = new Map(registered.map((model) => [model.id, model]));
  const runtimes = new Map(
    config.models.map((model) => [
      model.id,
      { definition: model, runtime: imageModelRuntime(model, config.providers, options) },
    ]),
  );
  const scrub = createScrubber(secretsOf(config.providers));
  const now = options.now ?? (() => new Date());

  return {
    all: () => registered,
    get: (id) => byId.get(id),
    forPlan: (plan) =>
      registered.map((model) => ({
        ...model,
        capabilities: [...model.capabilities],
        available: canUse(plan, model.plan),
      })),
    defaultModelId: (plan) => registered.find((model) => canUse(plan, model.plan))?.id ?? null,
    sandboxOnly: registered.length > 0 && registered.every((model) => model.provider === 'sandbox'),
    generate: async (input) => {
      const entry = runtimes.get(input.modelId);
      if (!entry) throw new Error(`unknown image model id: ${input.modelId}`);
      return generateImages(entry.definition, entry.runtime, input, { scrub, now });
    },
  };
}
