import type { DeleteAccountRequest } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/**
 * DELETE /api/userprofile {confirm:'DELETE'}: removes the user and every row of theirs, revokes
 * their sessions and clears the refresh cookie.
 */
export async function deleteAccount(
  request: DeleteAccountRequest,
  signal?: AbortSignal,
): Promise<void> {
  await cookieClient.delete('/api/userprofile', { data: request, signal });
}
