import { shareResponse, type ShareResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { withLocalShareUrl } from './shareConversation';

/** GET /api/chat/share/status/{id}: whether the conversation has a live link, and which. */
export async function getShareStatus(
  conversationId: string,
  signal?: AbortSignal,
): Promise<ShareResponse> {
  const { data } = await cookieClient.get<unknown>(
    `/api/chat/share/status/${encodeURIComponent(conversationId)}`,
    { signal },
  );
  return withLocalShareUrl(shareResponse.parse(data));
}
