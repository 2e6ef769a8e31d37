import {
  registrationOptions,
  type RegisterBeginRequest,
  type RegistrationOptions,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §7 POST /api/webauthn/register/begin: the creation options for a new device. */
export async function registerBegin(request: RegisterBeginRequest): Promise<RegistrationOptions> {
  const { data } = await cookieClient.post<unknown>('/api/webauthn/register/begin', request);
  return registrationOptions.parse(data);
}
