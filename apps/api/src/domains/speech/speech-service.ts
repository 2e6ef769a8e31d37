import type { SpeechEngine } from '../providers/index.ts';

/**
 * Spoken replies (plugins/app/speech.ts decorates the app with one): the provider layer's speech
 * registry over the engines SPEECH_ENGINE names (by default the embedded offline Flite for
 * English and eSpeak NG for Vietnamese; an OpenAI-compatible /v1/audio/speech service with
 * SPEECH_ENGINE=openai), given the reply's speakable text (create-speech-service.ts). Its users
 * never shut it: the plugin does.
 */
export type SpeechService = Omit<SpeechEngine, 'close'>;

declare module 'fastify' {
  interface FastifyInstance {
    speech: SpeechService;
  }
}
