import { type CatalogueModel, createModelCatalogue } from '../catalogue/model-catalogue.ts';
import type { CataloguePart } from '../catalogue/provider-catalogue.ts';
import type { TranscriptionSettings } from '../speech/cloud-speech-config.ts';
import { createOpenAiTranscriptionEngine } from './openai-transcription-engine.ts';
import type { TranscriptionEngine } from './transcription-engine.ts';

/** The configured speech-to-text engine (TRANSCRIPTION_BASE_URL, or OpenAI's key), or null. */
export function transcriptionEngine(
  settings: TranscriptionSettings | null,
  options: { fetch?: typeof fetch } = {},
): TranscriptionEngine | null {
  if (!settings) return null;
  return createOpenAiTranscriptionEngine({
    ...settings,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * The transcription model as the catalogue lists it: dictation is open to every plan (its
 * allowance is counted in minutes per plan, not by model); a server of one's own is
 * `openai-compatible`.
 */
export function transcriptionModels(
  settings: TranscriptionSettings | null,
): CatalogueModel<'openai' | 'openai-compatible', never>[] {
  if (!settings) return [];
  const ownServer = !/^https:\/\/api\.openai\.com\//.test(settings.baseUrl);
  return [
    {
      id: settings.model,
      name: settings.model,
      provider: ownServer ? 'openai-compatible' : 'openai',
      capabilities: [],
      plan: 'free',
    },
  ];
}

/** The transcription part of the provider layer's catalogue (its plugin adds it). */
export function transcriptionCatalogue(settings: TranscriptionSettings | null): CataloguePart {
  return createModelCatalogue('transcription', transcriptionModels(settings));
}
