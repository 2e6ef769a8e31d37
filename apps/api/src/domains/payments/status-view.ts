import type { PaymentStatusResponse } from '@studio/contracts';
import { HttpError } from '../../http/errors.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { membershipSummaryOf, type PaymentRow, toPaymentRecord } from './payment.ts';

/** What a payment's owner sees: the payment and the account's plan as they are now. */
export type StatusView = (payment: PaymentRow) => Promise<PaymentStatusResponse>;

/**
 * The user row is read again: a payment applied during this request has just changed it. Shared
 * by the VNPay and PayPal routes.
 */
export function createStatusView(deps: {
  users: Pick<UsersRepository, 'findById'>;
  now: () => Date;
}): StatusView {
  return async (payment) => {
    const user = await deps.users.findById(payment.userId);
    if (!user) throw new HttpError(404, 'Payment not found');
    const now = deps.now();
    return { ...toPaymentRecord(payment, now), membership: membershipSummaryOf(user, now) };
  };
}
