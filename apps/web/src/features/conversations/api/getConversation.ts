import { conversationDetail, type ConversationDetail } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** GET /api/chat/{id}: the conversation with its latest messages, oldest first (404 if not ours). */
export async function getConversation(
  id: string,
  signal?: AbortSignal,
): Promise<ConversationDetail> {
  const { data } = await cookieClient.get<unknown>(`/api/chat/${encodeURIComponent(id)}`, {
    signal,
  });
  return conversationDetail.parse(data);
}
