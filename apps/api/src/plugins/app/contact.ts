import fp from 'fastify-plugin';
import { createContactRepository } from '../../domains/contact/contact.repository.ts';
import {
  type ContactService,
  createContactService,
} from '../../domains/contact/contact.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contact form: stores a message, then mails support and the sender a copy. */
    contact: ContactService;
  }
}

export const contactPlugin = fp(
  async (app) => {
    app.decorate(
      'contact',
      createContactService({
        repository: createContactRepository(app.db),
        mail: app.mailQueue,
        supportAddress: app.config.mail.supportAddress,
        log: app.log,
      }),
    );
  },
  { name: 'contact', dependencies: ['config', 'database', 'mail-queue'] },
);
