import type { ShareStatusResponse, SharedLink } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { mutationOptions, setQueryData } from '../../../lib/query';
import { shareStatusQueryOptions } from './getShareStatus';
import { sharedLinksQueryOptions } from './listSharedLinks';

/** DELETE /api/chat/share/{id} (the conversation's id): the link stops working at once. */
export async function revokeShare(conversationId: string, signal?: AbortSignal): Promise<void> {
  await cookieClient.delete(`/api/chat/share/${encodeURIComponent(conversationId)}`, { signal });
}

/**
 * Revoking a conversation's link (the share dialog's, or one of /profile's list): what shows
 * the link learns it is gone without reading it again.
 */
export const revokeShareMutation = mutationOptions({
  mutationFn: ({ conversationId }: Pick<SharedLink, 'conversationId'>, signal: AbortSignal) =>
    revokeShare(conversationId, signal),
  onSuccess: (_, { conversationId }) => {
    setQueryData<SharedLink[]>(sharedLinksQueryOptions().queryKey, (links) =>
      links.filter((link) => link.conversationId !== conversationId),
    );
    // The plan's limit stays: the dialog offers a new link at once.
    setQueryData<ShareStatusResponse>(
      shareStatusQueryOptions(conversationId).queryKey,
      (status) => ({
        ...status,
        isShared: false,
        slug: null,
        shareUrl: null,
        expiresAt: null,
      }),
    );
  },
});
