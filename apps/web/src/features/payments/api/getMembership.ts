import type { MembershipResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';

/** GET /api/membership: the plan, when it ends, its add-ons and the payment history. */
export async function getMembership(signal?: AbortSignal): Promise<MembershipResponse> {
  // The contract arrives with the answer, not before it (membershipContract.ts).
  const [{ data }, { membershipResponse }] = await Promise.all([
    cookieClient.get<unknown>('/api/membership', signal ? { signal } : {}),
    import('./membershipContract'),
  ]);
  return membershipResponse.parse(data);
}

type LoadMembership = (signal: AbortSignal) => Promise<MembershipResponse>;

const membershipQueryKey = ['membership'] as const;

export const membershipQueryOptions = (load: LoadMembership) =>
  queryOptions({ queryKey: membershipQueryKey, queryFn: load });

/** A payment changed the plan and the history: the membership is read again where it shows. */
export function invalidateMembership(): void {
  invalidateQueries(membershipQueryKey);
}

/** The signed-in user's membership. */
export function useMembership(load: LoadMembership = getMembership) {
  return useQuery(membershipQueryOptions(load));
}

/** Someone's membership, or null for a visitor, who has none to read. */
export function useMembershipIfSignedIn(signedIn: boolean, load: LoadMembership = getMembership) {
  return useQuery(
    signedIn
      ? membershipQueryOptions(load)
      : queryOptions({
          queryKey: ['membership', 'visitor'],
          queryFn: async (): Promise<MembershipResponse | null> => null,
        }),
  );
}
