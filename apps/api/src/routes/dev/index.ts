import { languageCode, mailboxQuery, mailboxResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorTexts, readErrorResponses } from '../../http/errors.ts';
import { isLoopbackClient } from '../../http/loopback.ts';
import { failedJobsPage } from './jobs-page.ts';
import { mailboxPage, mailboxStylesheet } from './mailbox-page.ts';

/**
 * The development mailbox: the outbox as JSON (/api/dev/mailbox, used by end-to-end tests) and
 * as a page (/dev/mailbox), and beside it the job queue's failed set (/dev/jobs). app.ts
 * registers them only when config.devMailbox is true. Every sign-in code is in there, so they
 * answer this machine only, as /metrics does: another machine on a shared development or
 * staging server gets 404, as if they did not exist.
 */
const mailboxWaitMs = 2000;

export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { outbox, jobs } = app;
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackClient(request)) return reply.code(404).send({ message: errorTexts[404] });
  });

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['development'],
        summary: 'The mail kept in the outbox, newest first (development only)',
        querystring: mailboxQuery,
        response: { 200: mailboxResponse, ...readErrorResponses },
      },
    },
    async (request) => {
      // Mail goes out as jobs after the answer: give the ones in hand a moment to land.
      await jobs.idle(mailboxWaitMs);
      return { messages: await outbox.listRecent(request.query) };
    },
  );

  app.get(
    '/dev/mailbox',
    {
      schema: {
        hide: true,
        querystring: mailboxQuery.extend({ lang: languageCode.default('en') }),
        response: { 200: z.string(), ...readErrorResponses },
      },
    },
    async (request, reply) => {
      const { lang, to, limit } = request.query;
      await jobs.idle(mailboxWaitMs);
      const mails = await outbox.listRecent({ to, limit });
      return reply.type('text/html; charset=utf-8').send(mailboxPage(lang, mails, to));
    },
  );

  app.get(
    '/dev/jobs',
    {
      schema: {
        hide: true,
        querystring: z.object({ lang: languageCode.default('en') }),
        response: { 200: z.string(), ...readErrorResponses },
      },
    },
    async (request, reply) => {
      const failed = await jobs.failed(100);
      return reply
        .type('text/html; charset=utf-8')
        .send(failedJobsPage(request.query.lang, failed));
    },
  );

  app.get(
    '/dev/mailbox.css',
    { schema: { hide: true, response: { 200: z.string() } } },
    async (_request, reply) => reply.type('text/css; charset=utf-8').send(mailboxStylesheet),
  );
};
