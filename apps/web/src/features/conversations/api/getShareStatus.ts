import { shareStatusResponse, type ShareStatusResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../lib/query';
import { withLocalShareUrl } from './shareUrl';

/**
 * GET /api/chat/share/status/{id}: whether the conversation has a live link, which, and how long
 * the caller's plan lets a new one live.
 */
export async function getShareStatus(
  conversationId: string,
  signal?: AbortSignal,
): Promise<ShareStatusResponse> {
  const { data } = await cookieClient.get<unknown>(
    `/api/chat/share/status/${encodeURIComponent(conversationId)}`,
    { signal },
  );
  return withLocalShareUrl(shareStatusResponse.parse(data));
}

export const shareStatusQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['share-status', conversationId],
    queryFn: (signal) => getShareStatus(conversationId, signal),
  });

/** One conversation's share link. */
export function useShareStatus(conversationId: string) {
  return useQuery(shareStatusQueryOptions(conversationId));
}
