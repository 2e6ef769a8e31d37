import {
  conversationSummary,
  createConversationRequest,
  type ConversationSummary,
  type CreateConversationRequest,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §8 fallback when neither the exception nor the server says more. */
export const CREATE_FAILED = 'Failed to create conversation';

/** POST /api/chat/conversation: an empty conversation (the title comes with the first exchange). */
export async function createConversation(
  request: CreateConversationRequest = {},
): Promise<ConversationSummary> {
  const body = createConversationRequest.parse(request);
  const { data } = await cookieClient.post<unknown>('/api/chat/conversation', body);
  return conversationSummary.parse(data);
}
