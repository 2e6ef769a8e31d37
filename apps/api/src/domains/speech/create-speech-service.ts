import { cutAtSentence, speakableText, type VoiceProvider } from '@studio/contracts';
import {
  type CataloguePart,
  cloudSpeechEngines,
  type CloudSpeechSettings,
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
 * Beside them, every cloud engine whose credentials are configured (OpenAI or a compatible server,
 * ElevenLabs, Azure Speech, Google Cloud TTS: config.speechProviders), unless SPEECH_ENGINE=none.
 */
export function assembleSpeechEngines(
  config: SpeechConfig,
  options: SpeechEngineOptions = {},
  cloudSettings: CloudSpeechSettings | null = null,
): AssembledSpeechEngines {
  if (config.engine === 'none') return { engines: [], preferredProvider: null };
  const offline = () => [
    createFliteSpeech(config.timeoutMs, options),
    createEspeakSpeech(config.timeoutMs, options),
  ];
  // Each cloud provider whose key is set (providers/speech/cloud-speech-engines.ts), the
  // OpenAI-compatible service among them when its key or address is.
  const cloud = cloudSettings ? cloudSpeechEngines(cloudSettings, options) : [];
  switch (config.engine) {
    case 'offline':
      return { engines: [...offline(), ...cloud], preferredProvider: null };
    case 'espeak':
      return {
        engines: [createEspeakSpeech(config.timeoutMs, options), ...cloud],
        preferredProvider: null,
      };
    case 'openai': {
      // One OpenAI engine: the cloud list's when it has one, else the one SPEECH_ENGINE asks for.
      const hasOpenAi = cloudSettings?.openai != null;
      return {
        engines: [
          ...(hasOpenAi ? [] : [createOpenAiCompatibleSpeech(config, options)]),
          ...cloud,
          ...offline(),
        ],
        preferredProvider: 'openai',
      };
    }
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
  cloudSettings: CloudSpeechSettings | null = null,
): SpeechEngine & { readonly catalogue: CataloguePart } {
  const { engines, preferredProvider } = assembleSpeechEngines(config, options, cloudSettings);
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
