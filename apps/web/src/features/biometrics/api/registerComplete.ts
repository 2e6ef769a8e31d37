import {
  registrationResult,
  type RegistrationCredential,
  type RegistrationResult,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §7 POST /api/webauthn/register/complete?userId=: the attestation the browser produced. */
export async function registerComplete(
  userId: string,
  credential: RegistrationCredential,
): Promise<RegistrationResult> {
  const { data } = await cookieClient.post<unknown>('/api/webauthn/register/complete', credential, {
    params: { userId },
  });
  return registrationResult.parse(data);
}
