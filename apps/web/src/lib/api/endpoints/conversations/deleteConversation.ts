import { cookieClient } from '../../clients';

/**
 * DELETE /api/chat/{id}: the conversation, its messages and its share link. Shared by the chat
 * (§4's reset) and the conversation list, so it lives where both may import it.
 */
export async function deleteConversation(id: string, signal?: AbortSignal): Promise<void> {
  await cookieClient.delete(`/api/chat/${encodeURIComponent(id)}`, { signal });
}
