import { cookieClient } from '../../../lib/api/clients';

/** DELETE /api/auth/sessions/:id: signs that device out (404 when it is not the caller's). */
export async function revokeSession(id: string): Promise<void> {
  await cookieClient.delete(`/api/auth/sessions/${encodeURIComponent(id)}`);
}
