import {
  biometricCredential,
  type BiometricCredential,
  type UpdateCredentialRequest,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §7 PATCH /api/webauthn/credentials: a rename and/or turning a device on or off. */
export async function updateCredential(
  request: UpdateCredentialRequest,
): Promise<BiometricCredential> {
  const { data } = await cookieClient.patch<unknown>('/api/webauthn/credentials', request);
  return biometricCredential.parse(data);
}
