import { contactRequest, contactResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createContactRepository } from '../../domains/contact/contact.repository.ts';
import { createContactService } from '../../domains/contact/contact.service.ts';
import { writeErrorResponses } from '../../http/errors.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createContactService({
    repository: createContactRepository(app.db),
    mail: app.mail,
    supportAddress: app.config.mail.supportAddress,
    log: app.log,
  });

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
    async (request, reply) => reply.code(201).send(await service.submit(request.body)),
  );
};
