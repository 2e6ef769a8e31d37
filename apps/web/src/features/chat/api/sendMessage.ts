import { chatSendResponse, type ChatSendRequest, type ChatSendResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { isHttpFailure } from '../../../lib/api/errorText';
import { quotaFromBody } from './errors';

/**
 * §7 POST /api/chat/send: the whole reply at once (the chat view streams instead; this is for
 * callers that want one answer). A 429 quota body rejects with ChatQuotaError.
 */
export async function sendMessage(
  request: ChatSendRequest,
  signal?: AbortSignal,
): Promise<ChatSendResponse> {
  try {
    const { data } = await cookieClient.post<unknown>('/api/chat/send', request, { signal });
    return chatSendResponse.parse(data);
  } catch (error) {
    if (isHttpFailure(error) && error.response?.status === 429) {
      throw (await quotaFromBody(error.response.data)) ?? error;
    }
    throw error;
  }
}
