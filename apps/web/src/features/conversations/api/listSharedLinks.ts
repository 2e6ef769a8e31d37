import { sharedLinksResponse, type SharedLink } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../lib/query';
import { shareUrlFor } from './shareUrl';

/** GET /api/chat/shares: the user's live links, each rebuilt on this origin (§7). */
export async function listSharedLinks(signal?: AbortSignal): Promise<SharedLink[]> {
  const { data } = await cookieClient.get<unknown>('/api/chat/shares', { signal });
  return sharedLinksResponse
    .parse(data)
    .items.map((link) => ({ ...link, shareUrl: shareUrlFor(link.slug) }));
}

export const sharedLinksQueryOptions = () =>
  queryOptions({ queryKey: ['shared-links'], queryFn: listSharedLinks });

/** The user's live share links (for /profile). */
export function useSharedLinks() {
  return useQuery(sharedLinksQueryOptions());
}
