import fp from 'fastify-plugin';
import { createSpeechService } from '../../domains/speech/create-speech-service.ts';

/**
 * `app.speech`: spoken replies through every configured speech engine (the list is assembled in
 * domains/speech/create-speech-service.ts, `assembleSpeechEngines`: a new engine is added there),
 * each listed in the provider layer's catalogue; their workers stop with the app.
 */
export const speechPlugin = fp(
  async (app) => {
    const speech = createSpeechService(app.config.speech, {}, app.config.speechProviders.voices);
    app.decorate('speech', speech);
    app.providers.catalogue.add(speech.catalogue);
    app.addHook('onClose', () => speech.close());
  },
  { name: 'speech', dependencies: ['config', 'providers'] },
);
