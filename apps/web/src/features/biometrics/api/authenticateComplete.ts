import {
  authenticationResult,
  type AuthenticationCredential,
  type AuthenticationResult,
  type WebauthnPurpose,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §7 POST /api/webauthn/authenticate/complete?userId=&purpose=: the assertion to verify. */
export async function authenticateComplete(
  userId: string,
  purpose: WebauthnPurpose,
  credential: AuthenticationCredential,
): Promise<AuthenticationResult> {
  const { data } = await cookieClient.post<unknown>(
    '/api/webauthn/authenticate/complete',
    credential,
    { params: { userId, purpose } },
  );
  return authenticationResult.parse(data);
}
