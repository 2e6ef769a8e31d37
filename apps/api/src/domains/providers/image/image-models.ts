import { createFal } from '@ai-sdk/fal';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createReplicate } from '@ai-sdk/replicate';
import type { ImageCapability, ImageProvider } from '@studio/contracts';
import type { CatalogueModel } from '../catalogue/model-catalogue.ts';
import type { ImageProviderCredentials } from '../provider-credentials.ts';
import {
  automatic1111OptionsKey,
  createAutomatic1111ImageModel,
} from './automatic1111-image-model.ts';
import { comfyuiOptionsKey, createComfyUIImageModel } from './comfyui-image-model.ts';
import type { FetchFunction, ImageModelV3 } from './provider-http.ts';

/**
 * The image adapter's models: the AI SDK image model for each configured definition, and how
 * its extras travel. Always a model object (a bare string id would go to Vercel's hosted
 * gateway).
 */

/** A configured image model: what the catalogue lists, and how its provider is asked for it. */
export interface ImageModelDefinition extends CatalogueModel<ImageProvider, ImageCapability> {
  /** The provider's own model name (gpt-image-1, imagen-4.0-generate-001, fal-ai/flux/dev…). */
  model: string;
  capabilities: ImageCapability[];
  /** Overrides the provider's base URL for this model only (null: the provider's). */
  baseURL: string | null;
}

export interface ImageModelOptions {
  /** packages/sandbox's in-process image server; required when a sandbox model is configured. */
  sandboxFetch?: FetchFunction;
  /** Tests: every provider's HTTP goes through this instead of the global fetch. */
  fetch?: FetchFunction;
  /** ComfyUI's history polling interval (tests make it short). */
  comfyuiPollIntervalMs?: number;
}

/**
 * How a model takes what the SDK's call options do not carry for it. `body`: the OpenAI-protocol
 * servers (the sandbox, OpenAI-compatible ones) get `negative_prompt`, `seed` and `style` as
 * extra body fields (@ai-sdk/openai-compatible spreads `providerOptions[key]` into the body;
 * @ai-sdk/openai would drop them). `options`: the provider reads a negative prompt from its
 * provider options (fal and Replicate as `negative_prompt`, ours as `negativePrompt`), and the
 * seed from the call. `none`: nothing beyond the prompt (OpenAI, Google).
 */
export type ExtrasRoute =
  | { kind: 'body'; key: string }
  | { kind: 'options'; key: string; negativePromptField: string }
  | { kind: 'none' };

/** How the provider reads a mask: OpenAI's transparent-means-change, or white-means-change. */
export type MaskConvention = 'transparent' | 'white';

export interface ImageModelRuntime {
  model: ImageModelV3;
  extras: ExtrasRoute;
  mask: MaskConvention;
  /**
   * Whether each variant of a seeded request is made by its own call with its own seed
   * (seed, seed + 1, …), so that every picture can be made again from its seed. AUTOMATIC1111
   * does that itself within a batch, and says which seed each picture got.
   */
  seedPerVariant: boolean;
  /** Overrides the model's own images-per-call (Gemini image models make one per call). */
  maxImagesPerCall?: number;
}

/** The base URLs the AI SDK is given for the in-process sandbox (never resolved: no socket). */
export const sandboxOpenAIBaseURL = 'http://sandbox.invalid/v1';
export const sandboxGoogleBaseURL = 'http://sandbox.invalid/v1beta';

const isImagen = (model: string) => /^imagen/i.test(model);

export function imageModelRuntime(
  definition: ImageModelDefinition,
  providers: ImageProviderCredentials,
  options: ImageModelOptions,
): ImageModelRuntime {
  const fetch = options.fetch ? { fetch: options.fetch } : {};
  const baseURL = (fallback: string | null) => definition.baseURL ?? fallback ?? undefined;
  const { model } = definition;
  switch (definition.provider) {
    case 'sandbox': {
      const sandboxFetch = options.sandboxFetch;
      if (!sandboxFetch) {
        throw new Error(
          `image model ${definition.id}: the sandbox provider needs packages/sandbox's fetch`,
        );
      }
      if (isImagen(model)) {
        return {
          model: createGoogleGenerativeAI({
            apiKey: 'sandbox',
            baseURL: sandboxGoogleBaseURL,
            fetch: sandboxFetch,
          }).image(model),
          extras: { kind: 'none' },
          mask: 'transparent',
          seedPerVariant: false,
        };
      }
      return {
        model: createOpenAICompatible({
          name: 'sandbox',
          baseURL: sandboxOpenAIBaseURL,
          apiKey: 'sandbox',
          fetch: sandboxFetch,
        }).imageModel(model),
        extras: { kind: 'body', key: 'sandbox' },
        mask: 'transparent',
        seedPerVariant: true,
      };
    }
    case 'openai':
      return {
        model: createOpenAI({
          apiKey: providers.openai.apiKey ?? undefined,
          baseURL: baseURL(providers.openai.baseURL),
          ...fetch,
        }).image(model),
        extras: { kind: 'none' },
        mask: 'transparent',
        seedPerVariant: false,
      };
    case 'openai-compatible': {
      const settings = providers.openaiCompatible;
      return {
        model: createOpenAICompatible({
          name: settings.name,
          // The configuration refuses an openai-compatible model without either URL.
          baseURL: baseURL(settings.baseURL) ?? '',
          apiKey: settings.apiKey ?? undefined,
          ...fetch,
        }).imageModel(model),
        extras: { kind: 'body', key: settings.name },
        mask: 'transparent',
        seedPerVariant: true,
      };
    }
    case 'google':
      return {
        model: createGoogleGenerativeAI({
          apiKey: providers.google.apiKey ?? undefined,
          baseURL: baseURL(providers.google.baseURL),
          ...fetch,
        }).image(model),
        extras: { kind: 'none' },
        mask: 'transparent',
        seedPerVariant: false,
        // Gemini image models refuse n > 1, though the SDK would ask for up to ten at once.
        ...(isImagen(model) ? {} : { maxImagesPerCall: 1 }),
      };
    case 'fal':
      return {
        model: createFal({
          apiKey: providers.fal.apiKey ?? undefined,
          baseURL: baseURL(providers.fal.baseURL),
          ...fetch,
        }).image(model),
        extras: { kind: 'options', key: 'fal', negativePromptField: 'negative_prompt' },
        mask: 'white',
        seedPerVariant: true,
      };
    case 'replicate':
      return {
        model: createReplicate({
          apiToken: providers.replicate.apiToken ?? undefined,
          baseURL: baseURL(providers.replicate.baseURL),
          ...fetch,
        }).image(model),
        extras: { kind: 'options', key: 'replicate', negativePromptField: 'negative_prompt' },
        mask: 'white',
        seedPerVariant: true,
      };
    case 'comfyui': {
      const settings = providers.comfyui;
      if (!settings.workflow) throw new Error(`image model ${definition.id}: no ComfyUI workflow`);
      return {
        model: createComfyUIImageModel(model, {
          // The configuration refuses a comfyui model without either URL.
          baseURL: baseURL(settings.baseURL) ?? '',
          apiKey: settings.apiKey,
          workflow: settings.workflow,
          ...fetch,
          ...(options.comfyuiPollIntervalMs
            ? { pollIntervalMs: options.comfyuiPollIntervalMs }
            : {}),
        }),
        extras: { kind: 'options', key: comfyuiOptionsKey, negativePromptField: 'negativePrompt' },
        mask: 'white',
        seedPerVariant: true,
      };
    }
    case 'automatic1111': {
      const settings = providers.automatic1111;
      return {
        model: createAutomatic1111ImageModel(model, {
          baseURL: baseURL(settings.baseURL) ?? '',
          username: settings.username,
          password: settings.password,
          ...fetch,
        }),
        extras: {
          kind: 'options',
          key: automatic1111OptionsKey,
          negativePromptField: 'negativePrompt',
        },
        mask: 'white',
        seedPerVariant: false,
      };
    }
  }
}
