import { randomUUID } from 'node:crypto';
import type { ChatRole, MessageStatus } from '@studio/contracts';
import type { App } from '../../src/app.ts';
import { call, signInWithCode, uniqueEmail } from './auth.ts';

export interface MessageRow {
  role: ChatRole;
  content: string;
  status?: MessageStatus;
  modelId?: string | null;
  imageUrls?: string[];
}

/**
 * Stores a conversation with its messages straight into the tables (what the chat routes would
 * have written), one second apart from `start`. Returns the conversation id.
 */
export async function insertConversation(
  app: App,
  userId: string,
  {
    title,
    messages = [],
    start = new Date(),
  }: { title: string; messages?: MessageRow[]; start?: Date },
): Promise<string> {
  const id = randomUUID();
  const at = (offset: number) => new Date(start.getTime() + offset * 1000).toISOString();
  await app.db
    .insertInto('chat_conversations')
    .values({
      id,
      user_id: userId,
      title,
      title_set: 1,
      model_id: 'sandbox',
      created_at: at(0),
      updated_at: at(messages.length),
    })
    .execute();
  if (messages.length > 0) {
    await app.db
      .insertInto('chat_messages')
      .values(
        messages.map((message, index) => ({
          id: randomUUID(),
          conversation_id: id,
          seq: index + 1,
          role: message.role,
          content: message.content,
          model_id: message.modelId ?? (message.role === 'assistant' ? 'sandbox' : null),
          image_urls: JSON.stringify(message.imageUrls ?? []),
          status: message.status ?? 'complete',
          created_at: at(index + 1),
        })),
      )
      .execute();
  }
  return id;
}

/** Adds one message at the end of a conversation. */
export async function appendMessage(app: App, conversationId: string, message: MessageRow) {
  const last = await app.db
    .selectFrom('chat_messages')
    .select(({ fn }) => fn.max('seq').as('seq'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  await app.db
    .insertInto('chat_messages')
    .values({
      id: randomUUID(),
      conversation_id: conversationId,
      seq: Number(last?.seq ?? 0) + 1,
      role: message.role,
      content: message.content,
      model_id: message.modelId ?? null,
      image_urls: JSON.stringify(message.imageUrls ?? []),
      status: message.status ?? 'complete',
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A signed-in user: their id and a bearer token. */
export async function chatUser(app: App, label: string) {
  const { session } = await signInWithCode(app, uniqueEmail(label));
  return { id: session.user.id, bearer: session.accessToken };
}

/** GET/POST/DELETE with a bearer token (no cookies, so no XSRF header is needed). */
export function asUser(app: App, bearer: string) {
  return {
    get: (url: string) => call(app, 'GET', url, undefined, { bearer }),
    post: (url: string, body: unknown) => call(app, 'POST', url, body, { bearer }),
    delete: (url: string) => call(app, 'DELETE', url, undefined, { bearer }),
  };
}
