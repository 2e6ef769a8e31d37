import { credentialsResponse, type CredentialsResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions } from '../../../lib/query';

/**
 * §7 GET /api/webauthn/credentials/{userId}: the user's devices (newest first) and the payment
 * requirement. §6: a 401 here does not end the session (lib/api/clients excepts this path).
 */
export async function getCredentials(
  userId: string,
  signal?: AbortSignal,
): Promise<CredentialsResponse> {
  const { data } = await cookieClient.get<unknown>(
    `/api/webauthn/credentials/${encodeURIComponent(userId)}`,
    signal ? { signal } : {},
  );
  return credentialsResponse.parse(data);
}

export const credentialsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['biometric-credentials', userId],
    queryFn: (signal) => getCredentials(userId, signal),
  });
