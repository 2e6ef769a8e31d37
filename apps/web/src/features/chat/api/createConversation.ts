import {
  conversationSummary,
  createConversationRequest,
  type ConversationSummary,
  type CreateConversationRequest,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** POST /api/chat/conversation: an empty conversation (the title comes with the first exchange). */
export async function createConversation(
  request: CreateConversationRequest = {},
): Promise<ConversationSummary> {
  const body = createConversationRequest.parse(request);
  const { data } = await cookieClient.post<unknown>('/api/chat/conversation', body);
  return conversationSummary.parse(data);
}
