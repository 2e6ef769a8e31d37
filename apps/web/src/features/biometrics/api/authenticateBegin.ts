import {
  authenticationOptions,
  type AuthenticateBeginRequest,
  type AuthenticationOptions,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §7 POST /api/webauthn/authenticate/begin: the request options for a payment or manage check. */
export async function authenticateBegin(
  request: AuthenticateBeginRequest,
): Promise<AuthenticationOptions> {
  const { data } = await cookieClient.post<unknown>('/api/webauthn/authenticate/begin', request);
  return authenticationOptions.parse(data);
}
