import {
  shareRequest,
  shareResponse,
  type ShareRequest,
  type ShareResponse,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { shareUrlFor } from './shareUrl';

/** A share state with its link rebuilt from this origin (§7). */
export function withLocalShareUrl(share: ShareResponse): ShareResponse {
  return { ...share, shareUrl: share.slug ? shareUrlFor(share.slug) : null };
}

/** POST /api/chat/share {conversationId, expiresInDays}: a read-only snapshot link. */
export async function shareConversation(request: ShareRequest): Promise<ShareResponse> {
  const body = shareRequest.parse(request);
  const { data } = await cookieClient.post<unknown>('/api/chat/share', body);
  return withLocalShareUrl(shareResponse.parse(data));
}
