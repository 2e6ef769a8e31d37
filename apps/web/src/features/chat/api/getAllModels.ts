import { chatModelsResponse, type ChatModelsResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/**
 * §7 GET /api/chat/models: every configured model, each with whether the caller's plan may use
 * it (the picker's text-capable subset is getChatModels). Its §8 fallback is 'Failed to load
 * models' (chatCallFallbacks.models).
 */
export async function getAllModels(signal?: AbortSignal): Promise<ChatModelsResponse> {
  const { data } = await cookieClient.get<unknown>('/api/chat/models', { signal });
  return chatModelsResponse.parse(data);
}
