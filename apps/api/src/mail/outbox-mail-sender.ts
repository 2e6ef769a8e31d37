import type { FastifyBaseLogger } from 'fastify';
import { type MailSender, singleLine } from './mail-sender.ts';
import type { OutboxRepository } from './outbox.repository.ts';

/** Keeps every message in the mail_outbox table instead of delivering it. */
export function createOutboxMailSender(
  outbox: OutboxRepository,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): MailSender {
  return {
    transport: 'outbox',
    async send(message) {
      const stored = await outbox.add({ ...message, subject: singleLine(message.subject) }, now());
      log.info({ outboxId: stored.id }, 'mail kept in the outbox');
    },
    async close() {
      // The outbox lives in the app's database, which the database plugin closes.
    },
  };
}
