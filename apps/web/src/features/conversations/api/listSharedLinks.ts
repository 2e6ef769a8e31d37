import { sharedLinksResponse, type SharedLink } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { shareUrlFor } from './shareUrl';

/** GET /api/chat/shares: the user's live links, each rebuilt on this origin (§7). */
export async function listSharedLinks(signal?: AbortSignal): Promise<SharedLink[]> {
  const { data } = await cookieClient.get<unknown>('/api/chat/shares', { signal });
  return sharedLinksResponse
    .parse(data)
    .items.map((link) => ({ ...link, shareUrl: shareUrlFor(link.slug) }));
}
