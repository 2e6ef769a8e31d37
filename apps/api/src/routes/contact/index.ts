import { contactRequest, contactResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeErrorResponses } from '../../http/errors.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact } = app;

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the contact form; it is stored and mailed to support',
        body: contactRequest,
        response: { 201: contactResponse, ...writeErrorResponses },
      },
      config: { rateLimit: app.rateLimits.forms },
    },
    async (request, reply) => reply.code(201).send(await contact.submit(request.body)),
  );
};
