import fp from 'fastify-plugin';
import type { MailSender } from '../mail/mail-sender.ts';
import { createOutboxMailSender } from '../mail/outbox-mail-sender.ts';
import { createOutboxRepository } from '../mail/outbox.repository.ts';
import { createSmtpMailSender } from '../mail/smtp-mail-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}

/** The mail sender every feature uses: SMTP when SMTP_URL is set, else the outbox table. */
export const mailPlugin = fp(
  async (app) => {
    const { smtpUrl, from } = app.config.mail;
    const sender = smtpUrl
      ? createSmtpMailSender(smtpUrl, from, app.log)
      : createOutboxMailSender(createOutboxRepository(app.db), app.log);
    app.decorate('mail', sender);
    app.addHook('onClose', () => sender.close());
  },
  { name: 'mail', dependencies: ['config', 'database'] },
);
