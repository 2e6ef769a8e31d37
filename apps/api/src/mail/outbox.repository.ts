import type { Kysely, Selectable } from 'kysely';
import { toIsoString } from '../db/timestamps.ts';
import type { MailOutboxTable, Tables } from '../db/tables.ts';
import type { MailMessage } from './mail-sender.ts';

export interface OutboxMail {
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

function toOutboxMail(row: Selectable<MailOutboxTable>): OutboxMail {
  return {
    id: String(row.id),
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: toIsoString(row.created_at),
  };
}

export function createOutboxRepository(db: Kysely<Tables>) {
  return {
    async add(message: MailMessage, now: Date): Promise<OutboxMail> {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          reply_to: message.replyTo ?? null,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          created_at: now.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toOutboxMail(row);
    },

    /** Newest first; optionally only the mail sent to one address. */
    async listRecent({ to, limit }: { to?: string; limit: number }): Promise<OutboxMail[]> {
      let query = db.selectFrom('mail_outbox').selectAll();
      if (to !== undefined) query = query.where('to_address', '=', to);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toOutboxMail);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
