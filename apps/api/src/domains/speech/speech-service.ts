import type { SpeechEngine } from '../providers/index.ts';

/**
 * Spoken replies (plugins/app/speech.ts decorates the app with one): the provider layer's speech
 * engine that SPEECH_ENGINE names, the embedded offline eSpeak NG by default or an
 * OpenAI-compatible /v1/audio/speech service, given the reply's speakable text
 * (create-speech-service.ts). Its users never shut it: the plugin does.
 */
export type SpeechService = Omit<SpeechEngine, 'close'>;

declare module 'fastify' {
  interface FastifyInstance {
    speech: SpeechService;
  }
}
