import { randomUUID } from 'node:crypto';
import type { LanguageCode } from '@studio/contracts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  language: LanguageCode;
}

export interface StoredContactMessage extends NewContactMessage {
  id: string;
  receivedAt: string;
}

export function createContactRepository(db: Kysely<Tables>) {
  return {
    async add(message: NewContactMessage, now: Date): Promise<StoredContactMessage> {
      const id = randomUUID();
      const receivedAt = now.toISOString();
      await db
        .insertInto('contact_messages')
        .values({ id, ...message, created_at: receivedAt })
        .execute();
      return { id, receivedAt, ...message };
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
