import type { SpeechConfig } from './speech-config.ts';
import { createEspeakEngine } from './espeak-engine.ts';
import { createOpenAiSpeechEngine } from './openai-speech-engine.ts';
import type { SpeechEngine } from './speech-engine.ts';
import { SpeechError } from './speech-service.ts';
import { cutAtSentence, speakableText } from './speech-text.ts';

/** Each eSpeak NG worker keeps a core busy for the length of a reply. */
const espeakConcurrency = 2;
const espeakMaxQueue = 32;

export interface SpeechServiceOptions {
  /** Tests: an eSpeak NG worker stand-in. */
  espeakWorkerPath?: string;
  /** Tests: a fetch bound to a fake upstream. */
  fetch?: typeof fetch;
}

/**
 * The spoken-reply service of SPEECH_ENGINE. Every engine gets the same input: the reply's
 * speakable text (no code blocks or Markdown marks), cut at a sentence to SPEECH_MAX_CHARACTERS.
 */
export function createSpeechService(
  config: SpeechConfig,
  options: SpeechServiceOptions = {},
): SpeechEngine {
  const engine = createEngine(config, options);
  return {
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

function createEngine(config: SpeechConfig, options: SpeechServiceOptions): SpeechEngine {
  switch (config.engine) {
    case 'espeak':
      return createEspeakEngine({
        ...(options.espeakWorkerPath ? { workerPath: options.espeakWorkerPath } : {}),
        timeoutMs: config.timeoutMs,
        concurrency: espeakConcurrency,
        maxQueue: espeakMaxQueue,
      });
    case 'openai':
      return createOpenAiSpeechEngine({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        timeoutMs: config.timeoutMs,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    case 'none':
      return silentEngine;
  }
}

/** SPEECH_ENGINE=none: no voices, and asking to speak says so. */
const silentEngine: SpeechEngine = {
  model: 'none',
  voices: () => [],
  defaultVoices: () => ({}),
  synthesize: () =>
    Promise.reject(
      new SpeechError('Spoken replies are turned off on this server (SPEECH_ENGINE=none).'),
    ),
  close: () => Promise.resolve(),
};
