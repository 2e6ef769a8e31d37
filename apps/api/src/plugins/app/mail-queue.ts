import fp from 'fastify-plugin';
import { defineMailJob, type MailQueue } from '../../mail/mail-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How features send e-mail: a `mail.send` job, delivered with retries by `app.mail`. */
    mailQueue: MailQueue;
  }
}

/** Defines the `mail.send` job kind over the mail sender. */
export const mailQueuePlugin = fp(
  async (app) => {
    app.decorate('mailQueue', defineMailJob(app.jobs, app.mail));
  },
  { name: 'mail-queue', dependencies: ['mail', 'jobs'] },
);
