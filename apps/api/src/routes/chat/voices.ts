import { voicesResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readErrorResponses } from '../../http/errors.ts';

/**
 * What spoken replies can sound like (GET /api/chat/voices): the speech engine's voices and the
 * default voice per language. Public (visitors hear replies too); empty when SPEECH_ENGINE=none.
 */
export const chatVoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chat/voices',
    {
      schema: {
        tags: ['chat'],
        summary: 'The voices spoken replies can use, and the default voice per language',
        response: { ...readErrorResponses, 200: voicesResponse },
      },
      config: { rateLimit: app.rateLimits.api },
    },
    async () => ({ voices: app.speech.voices(), defaultVoice: app.speech.defaultVoices() }),
  );
};
