import type { ShareResponse, SharedLink } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { setQueryData } from '../../../lib/query';
import { shareStatusQueryOptions } from './getShareStatus';
import { sharedLinksQueryOptions } from './listSharedLinks';

/** DELETE /api/chat/share/{id} (the conversation's id): the link stops working at once. */
export async function revokeShare(conversationId: string): Promise<void> {
  await cookieClient.delete(`/api/chat/share/${encodeURIComponent(conversationId)}`);
  // What shows the link learns it is gone without reading it again.
  setQueryData<SharedLink[]>(sharedLinksQueryOptions().queryKey, (links) =>
    links.filter((link) => link.conversationId !== conversationId),
  );
  setQueryData<ShareResponse>(shareStatusQueryOptions(conversationId).queryKey, () => ({
    isShared: false,
    slug: null,
    shareUrl: null,
    expiresAt: null,
  }));
}
