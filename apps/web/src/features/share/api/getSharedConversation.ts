import { sharedConversationResponse, type SharedConversationResponse } from '@studio/contracts';
import { apiClient } from '../../../lib/api/clients';

/** §7 GET /api/chat/share/{slug}, public: through the client that sends no cookies. */
export async function getSharedConversation(slug: string): Promise<SharedConversationResponse> {
  const { data } = await apiClient.get<unknown>(`/api/chat/share/${encodeURIComponent(slug)}`);
  return sharedConversationResponse.parse(data);
}
