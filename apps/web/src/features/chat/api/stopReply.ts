import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * POST /api/chat/replies/{id}/stop: stops the reply wherever it is written; its followers get
 * the `stopped` event. Resolves whether it was still being written.
 */
export async function stopReply(id: string): Promise<boolean> {
  const { data } = await cookieClient.post<{ stopping?: unknown }>(
    `/api/chat/replies/${encodeURIComponent(id)}/stop`,
    undefined,
    { headers: visitorHeaders() },
  );
  return data.stopping === true;
}
