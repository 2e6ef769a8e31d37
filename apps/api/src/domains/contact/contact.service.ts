import type { ContactResponse, LanguageCode } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { MailQueue } from '../../mail/mail-job.ts';
import { contactCopyMail } from '../../mail/templates/contact-copy.ts';
import type { ContactRepository } from './contact.repository.ts';

export interface ContactSubmission {
  name: string;
  email: string;
  subject: string;
  message: string;
  language?: LanguageCode | undefined;
}

interface Dependencies {
  repository: ContactRepository;
  /** Queues a `mail.send` job: delivery (and its retries) happens after the answer. */
  mail: MailQueue;
  supportAddress: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export function createContactService({
  repository,
  mail,
  supportAddress,
  log,
  now = () => new Date(),
}: Dependencies) {
  return {
    /**
     * Stores the message first: once stored it is never lost. The e-mail copy is a queued job
     * (retried when the mail server fails); a queue that refuses it costs only the copy (logged).
     */
    async submit(submission: ContactSubmission): Promise<ContactResponse> {
      const stored = await repository.add(
        { ...submission, language: submission.language ?? 'en' },
        now(),
      );
      try {
        await mail.send({
          to: supportAddress,
          replyTo: stored.email,
          ...contactCopyMail(stored.language, stored),
        });
      } catch (error) {
        log.error({ err: error, contactId: stored.id }, 'could not queue the contact copy');
      }
      return { id: stored.id, receivedAt: stored.receivedAt };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
