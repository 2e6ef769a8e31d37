import { z } from 'zod';

/**
 * GET /api/dev/mailbox (development only, when no SMTP server is configured): the mail the API
 * kept in its outbox, newest first. End-to-end tests read confirmation links from here.
 */
export const mailboxQuery = z.object({
  /** Only the mail sent to this address (compared lower-cased). */
  to: z
    .string()
    .trim()
    .max(254)
    .transform((to) => to.toLowerCase())
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MailboxQuery = z.input<typeof mailboxQuery>;

export const mailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

export const mailboxResponse = z.object({ messages: z.array(mailboxMessage) });
export type MailboxResponse = z.infer<typeof mailboxResponse>;
