import { z } from 'zod';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailMessage, MailSender } from './mail-sender.ts';

/**
 * Every e-mail goes out as a `mail.send` job whose payload is the message: a failing mail server
 * costs retries with back-off (5 attempts over about half a minute), not the message, and one
 * that keeps failing ends in the failed set (the development view at /dev/jobs lists it).
 * A message may hold a one-time code or a reset link: a delivered one is kept only a minute.
 */

/** What features send through: it queues the message and returns at once. */
export interface MailQueue {
  send(message: MailMessage): Promise<void>;
}

const mailMessageSchema = z.object({
  to: z.string().min(3).max(320),
  replyTo: z.string().min(3).max(320).optional(),
  subject: z.string().min(1).max(998),
  text: z.string(),
  html: z.string(),
});

export const mailJobAttempts = 5;
export const mailJobBackoffMs = 2000;
export const keepDeliveredMailMs = 60_000;

export function defineMailJob(queue: JobQueue, sender: MailSender): MailQueue {
  const kind = queue.define({
    kind: 'mail.send',
    payload: mailMessageSchema,
    result: z.null(),
    attempts: mailJobAttempts,
    backoffMs: mailJobBackoffMs,
    keepCompletedMs: keepDeliveredMailMs,
    run: async ({ payload }) => {
      await sender.send(payload);
      return null;
    },
  });
  return {
    async send(message) {
      await queue.enqueue(kind, message);
    },
  };
}
