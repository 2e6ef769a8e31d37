import fp from 'fastify-plugin';
import { createNewsletterRepository } from '../../domains/newsletter/newsletter.repository.ts';
import {
  createNewsletterService,
  type NewsletterService,
} from '../../domains/newsletter/newsletter.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Newsletter double opt-in: subscribe (mails a link), confirm the link's token. */
    newsletter: NewsletterService;
  }
}

export const newsletterPlugin = fp(
  async (app) => {
    app.decorate(
      'newsletter',
      createNewsletterService({
        repository: createNewsletterRepository(app.db),
        mail: app.mailQueue,
        publicUrl: app.config.publicUrl,
      }),
    );
  },
  { name: 'newsletter', dependencies: ['config', 'database', 'mail-queue'] },
);
