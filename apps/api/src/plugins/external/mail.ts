import fp from 'fastify-plugin';
import type { MailSender } from '../../mail/mail-sender.ts';
import { createOutboxMailSender } from '../../mail/outbox-mail-sender.ts';
import { createOutboxRepository, type OutboxRepository } from '../../mail/outbox.repository.ts';
import { createSmtpMailSender } from '../../mail/smtp-mail-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
    /** The outbox table: where mail goes without SMTP, and what the development mailbox lists. */
    outbox: OutboxRepository;
  }
}

/** The mail sender every feature uses: SMTP when SMTP_URL is set, else the outbox table. */
export const mailPlugin = fp(
  async (app) => {
    const { smtpUrl, from } = app.config.mail;
    const outbox = createOutboxRepository(app.db);
    const sender = smtpUrl
      ? createSmtpMailSender(smtpUrl, from, app.log)
      : createOutboxMailSender(outbox, app.log);
    app.decorate('mail', sender);
    app.decorate('outbox', outbox);
    app.addHook('onClose', () => sender.close());
  },
  { name: 'mail', dependencies: ['config', 'database'] },
);
