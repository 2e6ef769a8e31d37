import type { PaymentStatusResponse } from '@studio/contracts';
import {
  membershipSummaryOf,
  type PaymentRow,
  toPaymentRecord,
} from '../../domains/payments/payment.ts';
import { createUsersRepository } from '../../domains/users/users.repository.ts';
import type { App } from '../../app.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * The payment and the account's plan as they are now (the user row is read again: a payment
 * applied during this request has just changed it). Shared with the PayPal routes.
 */
export function createStatusView(app: Pick<App, 'db' | 'now'>) {
  const users = createUsersRepository(app.db);
  return async (payment: PaymentRow): Promise<PaymentStatusResponse> => {
    const user = await users.findById(payment.userId);
    if (!user) throw new HttpError(404, 'Payment not found');
    return { ...toPaymentRecord(payment), membership: membershipSummaryOf(user, app.now()) };
  };
}
