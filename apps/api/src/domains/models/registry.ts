import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import type { LocalModelEngine } from './local/engine.ts';
import { createModelCatalogue } from '../providers/catalogue/model-catalogue.ts';
import { createLocalLanguageModel } from './local/language-model.ts';
import type { ModelRegistry } from './model-registry.ts';
import type { TextProviderCredentials } from '../providers/provider-credentials.ts';
import type { ModelDefinition, ModelsConfig } from './models-config.ts';

export type FetchFunction = typeof globalThis.fetch;

export interface RegistryOptions {
  /** packages/sandbox's in-process model server; required when a sandbox model is configured. */
  sandboxFetch?: FetchFunction;
  /** Tests: every provider's HTTP goes through this instead of the global fetch. */
  fetch?: FetchFunction;
  /** The embedded engine; required when a local model is configured. */
  localEngine?: LocalModelEngine;
}

/** The base URL the AI SDK is given for the in-process sandbox (never resolved: no socket). */
const sandboxBaseURL = 'http://sandbox.invalid/v1';

/**
 * The AI SDK model object for one definition. Always an object: a bare string id would be sent
 * to Vercel's hosted gateway. OpenAI goes through `.chat()` (chat completions), not the default
 * Responses API, so OpenAI-compatible servers behind OPENAI_BASE_URL work too.
 */
function languageModelFor(
  model: ModelDefinition,
  providers: TextProviderCredentials,
  options: RegistryOptions,
): LanguageModel {
  const fetch = options.fetch ? { fetch: options.fetch } : {};
  const baseURL = (fallback: string | null) => model.baseURL ?? fallback ?? undefined;
  switch (model.provider) {
    case 'openai':
      return createOpenAI({
        apiKey: providers.openai.apiKey ?? undefined,
        baseURL: baseURL(providers.openai.baseURL),
        ...fetch,
      }).chat(model.model);
    case 'openai-compatible': {
      const settings = providers.openaiCompatible;
      return createOpenAICompatible({
        name: settings.name,
        // models-config.ts refuses an openai-compatible model without either URL.
        baseURL: baseURL(settings.baseURL) ?? '',
        apiKey: settings.apiKey ?? undefined,
        includeUsage: true,
        ...fetch,
      }).chatModel(model.model);
    }
    case 'anthropic':
      return createAnthropic({
        apiKey: providers.anthropic.apiKey ?? undefined,
        baseURL: baseURL(providers.anthropic.baseURL),
        ...fetch,
      })(model.model);
    case 'google':
      return createGoogleGenerativeAI({
        apiKey: providers.google.apiKey ?? undefined,
        baseURL: baseURL(providers.google.baseURL),
        ...fetch,
      })(model.model);
    case 'ollama':
      return createOllama({ baseURL: baseURL(providers.ollama.baseURL), ...fetch })(model.model);
    case 'sandbox': {
      if (!options.sandboxFetch) {
        throw new Error(`model ${model.id}: the sandbox provider needs packages/sandbox's fetch`);
      }
      return createOpenAICompatible({
        name: 'sandbox',
        baseURL: sandboxBaseURL,
        includeUsage: true,
        fetch: options.sandboxFetch,
      }).chatModel(model.model);
    }
    case 'local': {
      if (!options.localEngine) {
        throw new Error(`model ${model.id}: the local provider needs the embedded engine`);
      }
      return createLocalLanguageModel(options.localEngine, {
        modelId: model.id,
        modelPath: model.model,
      });
    }
  }
}

/** The registry over a checked configuration (models-config.ts). */
export function createModelRegistry(
  config: ModelsConfig,
  options: RegistryOptions = {},
): ModelRegistry {
  const catalogue = createModelCatalogue(config.models);
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
  };
}
