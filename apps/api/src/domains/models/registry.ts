import {
  type CataloguePart,
  createModelCatalogue,
  languageModelFor,
  type TextModelOptions,
} from '../providers/index.ts';
import type { ModelRegistry } from './model-registry.ts';
import type { ModelsConfig } from './models-config.ts';

/**
 * The chat's registry over a checked configuration (models-config.ts): CHAT_MODELS as the
 * provider layer's catalogue lists them, each with its language model from the text adapter.
 * `catalogue` is the text models' part of the whole catalogue (plugins/app/models.ts adds it).
 */
export function createModelRegistry(
  config: ModelsConfig,
  options: TextModelOptions = {},
): ModelRegistry & { readonly catalogue: CataloguePart } {
  const catalogue = createModelCatalogue('text', config.models);
  const languageModels = new Map(
    config.models.map((model) => [model.id, languageModelFor(model, config.providers, options)]),
  );

  return {
    all: catalogue.all,
    get: catalogue.get,
    forPlan: catalogue.forPlan,
    defaultModelId: (plan) =>
      catalogue.firstFor(plan, (model) => model.capabilities.includes('text')),
    languageModel: (id) => {
      const model = languageModels.get(id);
      if (!model) throw new Error(`unknown model id: ${id}`);
      return model;
    },
    sandboxOnly: catalogue.sandboxOnly,
    pullCommand: config.pullCommand,
    isBusy: (id) =>
      catalogue.get(id)?.provider === 'local' && (options.localEngine?.isFull() ?? false),
    catalogue,
  };
}
