import { cookieClient } from '../../../lib/api/clients';

/** DELETE /api/chat/{id}: the conversation, its messages and its share link. */
export async function deleteConversation(id: string): Promise<void> {
  await cookieClient.delete(`/api/chat/${encodeURIComponent(id)}`);
}
