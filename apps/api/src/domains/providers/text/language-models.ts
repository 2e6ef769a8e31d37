import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ModelCapability, ModelProvider } from '@studio/contracts';
import type { LanguageModel } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import type { CatalogueModel } from '../catalogue/model-catalogue.ts';
import type { TextProviderCredentials } from '../provider-credentials.ts';
import type { LocalModelEngine } from './local/engine.ts';
import { createLocalLanguageModel } from './local/language-model.ts';

/**
 * The text adapter: the AI SDK language model for a configured text model, whichever provider
 * serves it (OpenAI, any OpenAI-compatible server, Anthropic, Google, Ollama, the sandbox's
 * model server in process, or the embedded engine of local/).
 */

/** A configured text model: what the catalogue lists, and how its provider is asked for it. */
export interface TextModelDefinition extends CatalogueModel<ModelProvider, ModelCapability> {
  /**
   * The provider's own model name (e.g. gpt-4o-mini, claude-sonnet-4-5, llama3.2); for the local
   * provider, the GGUF file (resolved to its absolute path).
   */
  model: string;
  capabilities: ModelCapability[];
  /** Overrides the provider's base URL for this model only (null: the provider's). */
  baseURL: string | null;
}

export type FetchFunction = typeof globalThis.fetch;

export interface TextModelOptions {
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
export function languageModelFor(
  model: TextModelDefinition,
  providers: TextProviderCredentials,
  options: TextModelOptions,
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
        // The configuration refuses an openai-compatible model without either URL.
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
        // It answers a json_schema response_format with an object that fits (packages/sandbox).
        supportsStructuredOutputs: true,
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
