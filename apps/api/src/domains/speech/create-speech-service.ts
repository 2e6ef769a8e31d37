import {
  type CataloguePart,
  createModelCatalogue,
  createSpeechEngine,
  type SpeechEngine,
  type SpeechEngineOptions,
  SpeechError,
  speechModels,
} from '../providers/index.ts';
import type { SpeechConfig } from './speech-config.ts';
import { cutAtSentence, speakableText } from './speech-text.ts';

/**
 * The spoken-reply service over the provider layer's engine that SPEECH_ENGINE names. Every
 * engine gets the same input: the reply's speakable text (no code blocks or Markdown marks), cut
 * at a sentence to SPEECH_MAX_CHARACTERS. `catalogue` is the speech models' part of the whole
 * catalogue (plugins/app/speech.ts adds it).
 */
export function createSpeechService(
  config: SpeechConfig,
  options: SpeechEngineOptions = {},
): SpeechEngine & { readonly catalogue: CataloguePart } {
  const engine = createSpeechEngine(config, options);
  return {
    catalogue: createModelCatalogue('speech', speechModels(config)),
    model: engine.model,
    voices: () => engine.voices(),
    defaultVoices: () => engine.defaultVoices(),
    close: () => engine.close(),
    async synthesize(request, signal) {
      const text = cutAtSentence(speakableText(request.text), config.maxCharacters);
      if (text === '')
        throw new SpeechError('There is nothing to say: the reply has no speakable text.');
      return engine.synthesize({ ...request, text }, signal);
    },
  };
}
