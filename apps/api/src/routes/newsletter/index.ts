import { newsletterRequest, newsletterResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrorResponses, writeErrorResponses } from '../../http/errors.ts';

/**
 * Lenient on purpose: a link mangled by a mail client still lands on the site (as "invalid")
 * instead of a JSON error. The service checks the token against newsletterConfirmQuery.
 */
const confirmLinkQuery = z.object({ token: z.string().max(1000).optional() });

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { newsletter } = app;

  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an address (double opt-in; idempotent per address)',
        description:
          'A new address is stored as pending and mailed a confirmation link. Asking again for a pending address re-sends the link at most once per 10 minutes; a confirmed address is not mailed. The answer is always the state of the address.',
        body: newsletterRequest,
        response: { 200: newsletterResponse, ...writeErrorResponses },
      },
      config: { rateLimit: app.rateLimits.forms },
    },
    async (request) => newsletter.subscribe(request.body.email, request.body.language),
  );

  app.get(
    '/newsletter/confirm',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Follow the e-mailed link: confirms, then redirects to the home page',
        querystring: confirmLinkQuery,
        response: {
          302: z
            .null()
            .describe(
              'Redirect to /?newsletter=confirmed, or /?newsletter=invalid for a bad or expired link',
            ),
          ...readErrorResponses,
        },
      },
      config: { rateLimit: app.rateLimits.api },
    },
    async (request, reply) => {
      const outcome = await newsletter.confirm(request.query.token);
      return reply.redirect(`/?newsletter=${outcome}`, 302);
    },
  );
};
