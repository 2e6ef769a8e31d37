import fp from 'fastify-plugin';
import { createSpeechService } from '../../domains/speech/create-speech-service.ts';

/** `app.speech`: spoken replies by the engine SPEECH_ENGINE names; its workers stop with the app. */
export const speechPlugin = fp(
  async (app) => {
    const speech = createSpeechService(app.config.speech);
    app.decorate('speech', speech);
    app.addHook('onClose', () => speech.close());
  },
  { name: 'speech', dependencies: ['config'] },
);
