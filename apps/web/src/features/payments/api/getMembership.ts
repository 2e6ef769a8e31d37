import { membershipResponse, type MembershipResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** GET /api/membership: the plan, when it ends, its add-ons and the payment history. */
export async function getMembership(signal?: AbortSignal): Promise<MembershipResponse> {
  const { data } = await cookieClient.get<unknown>('/api/membership', signal ? { signal } : {});
  return membershipResponse.parse(data);
}
