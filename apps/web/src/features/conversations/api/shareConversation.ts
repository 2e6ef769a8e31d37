import {
  shareRequest,
  shareResponse,
  type ShareRequest,
  type ShareResponse,
  type ShareStatusResponse,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateQueries, setQueryData } from '../../../lib/query';
import { shareStatusQueryOptions } from './getShareStatus';
import { sharedLinksQueryOptions } from './listSharedLinks';
import { withLocalShareUrl } from './shareUrl';

/** POST /api/chat/share {conversationId, expiresInDays}: a read-only snapshot link. */
export async function shareConversation(request: ShareRequest): Promise<ShareResponse> {
  const body = shareRequest.parse(request);
  const { data } = await cookieClient.post<unknown>('/api/chat/share', body);
  const share = withLocalShareUrl(shareResponse.parse(data));
  // The dialog shows the link as the server answered it (the plan's limit unchanged); the list
  // of links reads again.
  setQueryData<ShareStatusResponse>(
    shareStatusQueryOptions(request.conversationId).queryKey,
    (status) => ({ ...status, ...share }),
  );
  invalidateQueries(sharedLinksQueryOptions().queryKey);
  return share;
}
