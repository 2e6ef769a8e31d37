import { cookieClient } from '../../../lib/api/clients';

/** §7 DELETE /api/chat/{id}: what §4's reset does on the server before clearing the active id. */
export async function deleteConversation(id: string): Promise<void> {
  await cookieClient.delete(`/api/chat/${encodeURIComponent(id)}`);
}
