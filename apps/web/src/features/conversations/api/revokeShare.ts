import { cookieClient } from '../../../lib/api/clients';

/** DELETE /api/chat/share/{id} (the conversation's id): the link stops working at once. */
export async function revokeShare(conversationId: string): Promise<void> {
  await cookieClient.delete(`/api/chat/share/${encodeURIComponent(conversationId)}`);
}
