import {
  type CataloguePart,
  createModelCatalogue,
  createWhisperEngine,
  type TranscriptionEngine,
  transcriptionCatalogue,
  transcriptionEngine,
  type WhisperLoader,
} from '../providers/index.ts';
import type { DictationConfig } from './dictation-config.ts';

/** The engine that hears recordings, as the dictation status and the answers name it. */
export interface DictationEngineHandle {
  engine: TranscriptionEngine | null;
  /** What heard it, as shown: `Whisper (offline)`, the provider's model, `Sandbox`. */
  label: string | null;
  /** Heard on this server: nothing is sent to a provider. */
  offline: boolean;
  /** The sandbox's stand-in (it hears only the sandbox's own speech). */
  sandbox: boolean;
  catalogue: CataloguePart;
}

/** The sandbox speech server's address for its in-process fetch (no socket is opened). */
export const sandboxTranscriptionBaseUrl = 'http://sandbox.invalid/v1';

const whisperLabel = 'Whisper (offline)';

/**
 * The engine TRANSCRIPTION_ENGINE decided (dictation-config.ts): an OpenAI-compatible service,
 * the offline Whisper engine, the sandbox speech server through `sandboxFetch`, or none. Tests
 * may hand Whisper a stand-in for whisper.node (`whisperLoader`).
 */
export function createDictationEngine(
  config: DictationConfig,
  options: { sandboxFetch?: typeof fetch; whisperLoader?: WhisperLoader } = {},
): DictationEngineHandle {
  const { engine } = config;
  if (engine.kind === 'openai') {
    const ownServer = !/^https:\/\/api\.openai\.com\//.test(engine.settings.baseUrl);
    return {
      engine: transcriptionEngine(engine.settings),
      label: ownServer ? engine.settings.model : `OpenAI ${engine.settings.model}`,
      offline: false,
      sandbox: false,
      catalogue: transcriptionCatalogue(engine.settings),
    };
  }
  if (engine.kind === 'whisper') {
    return {
      engine: createWhisperEngine({
        ...config.whisper,
        modelPath: engine.modelPath,
        ...(options.whisperLoader ? { load: options.whisperLoader } : {}),
      }),
      label: whisperLabel,
      offline: true,
      sandbox: false,
      catalogue: createModelCatalogue('transcription', [
        { id: 'whisper', name: whisperLabel, provider: 'whisper', capabilities: [], plan: 'free' },
      ]),
    };
  }
  if (engine.kind === 'sandbox') {
    if (!options.sandboxFetch)
      throw new Error('The sandbox engine needs the sandbox speech server');
    return {
      engine: transcriptionEngine(
        { baseUrl: sandboxTranscriptionBaseUrl, apiKey: null, model: 'sandbox', timeoutMs: 30_000 },
        { fetch: options.sandboxFetch },
      ),
      label: 'Sandbox',
      // It runs in this process, but it hears nothing: it is not offered as a recogniser.
      offline: false,
      sandbox: true,
      catalogue: createModelCatalogue('transcription', [
        { id: 'sandbox', name: 'Sandbox', provider: 'sandbox', capabilities: [], plan: 'free' },
      ]),
    };
  }
  return {
    engine: null,
    label: null,
    offline: false,
    sandbox: false,
    catalogue: createModelCatalogue('transcription', []),
  };
}
