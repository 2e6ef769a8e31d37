import { chatModelsResponse, type ChatModelsResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §7 GET /api/chat/models/chat: the models the current user (or visitor) may chat with. */
export async function getChatModels(signal?: AbortSignal): Promise<ChatModelsResponse> {
  const { data } = await cookieClient.get<unknown>('/api/chat/models/chat', { signal });
  return chatModelsResponse.parse(data);
}
