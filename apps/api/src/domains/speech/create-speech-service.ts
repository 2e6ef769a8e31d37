import { cutAtSentence, speakableText, type VoiceProvider } from '@studio/contracts';
import {
  type CataloguePart,
  createEspeakSpeech,
  createFliteSpeech,
  createModelCatalogue,
  createOpenAiCompatibleSpeech,
  createSpeechRegistry,
  detectLanguage,
  silentEngine,
  type SpeechEngine,
  type SpeechEngineOptions,
  SpeechError,
  speechModels,
} from '../providers/index.ts';
import type { SpeechConfig } from './speech-config.ts';

/** The engines a server speaks with, and whose voices are the defaults. */
export interface AssembledSpeechEngines {
  /** In the order voices are listed. */
  engines: SpeechEngine[];
  /** Whose voices are each language's default where it has one (else the best free offline voice). */
  preferredProvider: VoiceProvider | null;
}

/**
 * THE list of speech engines: every engine this server speaks with is made here, from its
 * configuration, and handed to the registry (providers/speech/speech-registry.ts), which routes a
 * voice id to its engine by its provider prefix. SPEECH_ENGINE says which:
 * - `offline` (the default): Flite for English, eSpeak NG for English and Vietnamese, no network;
 * - `espeak`: eSpeak NG alone, as before Flite came;
 * - `openai`: the OpenAI-compatible service (SPEECH_BASE_URL, SPEECH_API_KEY, SPEECH_MODEL), its
 *   voices the defaults, with the offline engines beside it;
 * - `none`: no engine at all.
 * A cloud engine (ElevenLabs, Azure Speech, Google Cloud TTS) is one more SpeechEngine added to
 * `engines` below when its credentials are configured, after the engines SPEECH_ENGINE names.
 */
export function assembleSpeechEngines(
  config: SpeechConfig,
  options: SpeechEngineOptions = {},
): AssembledSpeechEngines {
  const offline = () => [
    createFliteSpeech(config.timeoutMs, options),
    createEspeakSpeech(config.timeoutMs, options),
  ];
  switch (config.engine) {
    case 'offline':
      return { engines: offline(), preferredProvider: null };
    case 'espeak':
      return { engines: [createEspeakSpeech(config.timeoutMs, options)], preferredProvider: null };
    case 'openai':
      return {
        engines: [createOpenAiCompatibleSpeech(config, options), ...offline()],
        preferredProvider: 'openai',
      };
    case 'none':
      return { engines: [], preferredProvider: null };
  }
}

/**
 * The spoken-reply service over the provider layer's engines (assembleSpeechEngines). Every
 * engine gets the same input: the reply's speakable text in its language (no Markdown marks, code
 * blocks announced rather than read, links said as their host), cut at a sentence to
 * SPEECH_MAX_CHARACTERS. `catalogue` is the speech engines' part of the whole catalogue
 * (plugins/app/speech.ts adds it).
 */
export function createSpeechService(
  config: SpeechConfig,
  options: SpeechEngineOptions = {},
): SpeechEngine & { readonly catalogue: CataloguePart } {
  const { engines, preferredProvider } = assembleSpeechEngines(config, options);
  const engine =
    engines.length > 0 ? createSpeechRegistry(engines, { preferredProvider }) : silentEngine;
  return {
    catalogue: createModelCatalogue('speech', speechModels(engines)),
    model: engine.model,
    voices: () => engine.voices(),
    defaultVoices: () => engine.defaultVoices(),
    close: () => engine.close(),
    async synthesize(request, signal) {
      // The language is told from the words, not the code or the addresses around them.
      const language = request.language ?? detectLanguage(speakableText(request.text));
      const text = cutAtSentence(speakableText(request.text, language), config.maxCharacters);
      if (text === '')
        throw new SpeechError('There is nothing to say: the reply has no speakable text.');
      return engine.synthesize({ ...request, text, language }, signal);
    },
  };
}
