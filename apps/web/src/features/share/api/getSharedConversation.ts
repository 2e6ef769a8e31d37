import { sharedConversationResponse, type SharedConversationResponse } from '@studio/contracts';
import { apiClient } from '../../../lib/api/clients';
import { queryOptions } from '../../../lib/query';

/** §7 GET /api/chat/share/{slug}, public: through the client that sends no cookies. */
export async function getSharedConversation(
  slug: string,
  signal?: AbortSignal,
): Promise<SharedConversationResponse> {
  const { data } = await apiClient.get<unknown>(`/api/chat/share/${encodeURIComponent(slug)}`, {
    signal,
  });
  return sharedConversationResponse.parse(data);
}

/** §5: a blank slug names no conversation, so nothing is asked. */
export const sharedConversationQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['shared-conversation', slug],
    queryFn: (signal) => getSharedConversation(slug, signal),
    enabled: slug !== '',
  });
