import type { PaymentsRepository } from './payments.repository.ts';

/**
 * The payment gate's question to the payments domain: has any payment of this user created at
 * or after `since` been paid? (Newest first, so the scan stops at the first older one.)
 */
export function paidSinceIn(repository: PaymentsRepository) {
  return async (userId: string, since: Date): Promise<boolean> => {
    for (const payment of await repository.listForUser(userId)) {
      if (payment.createdAt.getTime() < since.getTime()) return false;
      if (payment.paidAt !== null) return true;
    }
    return false;
  };
}
