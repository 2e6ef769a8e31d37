import {
  shareRequest,
  shareResponse,
  type ShareRequest,
  type ShareResponse,
  type ShareStatusResponse,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { mutationOptions, setQueryData } from '../../../lib/query';
import { shareStatusQueryOptions } from './getShareStatus';
import { sharedLinksQueryOptions } from './listSharedLinks';
import { withLocalShareUrl } from './shareUrl';

/** POST /api/chat/share {conversationId, expiresInDays}: a read-only snapshot link. */
export async function shareConversation(
  request: ShareRequest,
  signal?: AbortSignal,
): Promise<ShareResponse> {
  const body = shareRequest.parse(request);
  const { data } = await cookieClient.post<unknown>('/api/chat/share', body, { signal });
  return withLocalShareUrl(shareResponse.parse(data));
}

/**
 * Sharing a conversation: the dialog shows the link as the server answered it (the plan's
 * limit unchanged); the list of links reads again.
 */
export const shareConversationMutation = mutationOptions({
  mutationFn: shareConversation,
  onSuccess: (share, request) =>
    setQueryData<ShareStatusResponse>(
      shareStatusQueryOptions(request.conversationId).queryKey,
      (status) => ({ ...status, ...share }),
    ),
  invalidates: [sharedLinksQueryOptions().queryKey],
});
