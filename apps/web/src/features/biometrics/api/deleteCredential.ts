import { cookieClient } from '../../../lib/api/clients';

/** §7 DELETE /api/webauthn/credentials/{id} (404 when it is not the caller's). */
export async function deleteCredential(credentialId: string): Promise<void> {
  await cookieClient.delete(`/api/webauthn/credentials/${encodeURIComponent(credentialId)}`);
}
