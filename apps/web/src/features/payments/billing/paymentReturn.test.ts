import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../../lib/storage';
import { paymentStatuses } from '../../../mocks/handlers/payments';
import {
  failureWrapper,
  returnActionFrom,
  runReturnAction,
  viewOf,
  type PaymentReturnApi,
} from './paymentReturn';

const noStore = () => createMemoryStore();

describe('returnActionFrom: which call a return URL makes', () => {
  it('posts every query parameter of a VNPay return to the callback', () => {
    const search = new URLSearchParams(
      'provider=vnpay&vnp_Amount=57800000&vnp_ResponseCode=00&vnp_TxnRef=01JDX4&vnp_SecureHash=ab12',
    );
    expect(returnActionFrom(search, noStore())).toEqual({
      kind: 'vnpayCallback',
      parameters: {
        provider: 'vnpay',
        vnp_Amount: '57800000',
        vnp_ResponseCode: '00',
        vnp_TxnRef: '01JDX4',
        vnp_SecureHash: 'ab12',
      },
    });
  });

  it('recognises a VNPay return without our provider parameter', () => {
    const action = returnActionFrom(
      new URLSearchParams('vnp_TxnRef=01JDX4&vnp_SecureHash=ab12'),
      noStore(),
    );
    expect(action.kind).toBe('vnpayCallback');
  });

  it('asks only for the status when provider=vnpay carries no vnp_* parameters', () => {
    expect(returnActionFrom(new URLSearchParams('provider=vnpay&txnRef=T-1'), noStore())).toEqual({
      kind: 'status',
      id: 'T-1',
    });
  });

  it("captures a PayPal approval with PayPal's token as the order id", () => {
    const search = new URLSearchParams('provider=paypal&txnRef=01JCQ7&token=5O1901&PayerID=QYR5');
    expect(returnActionFrom(search, noStore())).toEqual({
      kind: 'paypalCapture',
      request: { orderId: '5O1901', txnRef: '01JCQ7' },
    });
  });

  it('cancels a PayPal payment the payer cancelled', () => {
    const search = new URLSearchParams('provider=paypal&txnRef=01JCQ7&token=5O1901&cancelled=1');
    expect(returnActionFrom(search, noStore())).toEqual({
      kind: 'paypalCancel',
      request: { orderId: '5O1901', txnRef: '01JCQ7' },
    });
  });

  it('falls back to the status call when a PayPal return lacks the token', () => {
    expect(
      returnActionFrom(new URLSearchParams('provider=paypal&txnRef=01JCQ7'), noStore()),
    ).toEqual({ kind: 'status', id: '01JCQ7' });
  });

  it('uses the stored pending payment when the URL names none', () => {
    const store = createMemoryStore({ pendingPaymentTransactionId: 'pay_01' });
    expect(returnActionFrom(new URLSearchParams(''), store)).toEqual({
      kind: 'status',
      id: 'pay_01',
    });
  });

  it('has nothing to ask about without an id anywhere', () => {
    expect(returnActionFrom(new URLSearchParams('provider=paypal'), noStore())).toEqual({
      kind: 'missing',
    });
  });
});

describe('runReturnAction and failureWrapper', () => {
  const api = (): PaymentReturnApi => ({
    postVnpayCallback: vi.fn(() => Promise.resolve(paymentStatuses.completed)),
    capturePaypalPayment: vi.fn(() => Promise.resolve(paymentStatuses.completed)),
    cancelPaypalPayment: vi.fn(() => Promise.resolve(paymentStatuses.cancelled)),
    getPaymentStatus: vi.fn(() => Promise.resolve(paymentStatuses.pending)),
  });

  it('calls exactly the endpoint the action names', async () => {
    const calls = api();
    await runReturnAction({ kind: 'paypalCapture', request: { orderId: 'O', txnRef: 'T' } }, calls);
    expect(calls.capturePaypalPayment).toHaveBeenCalledWith({ orderId: 'O', txnRef: 'T' });
    expect(calls.cancelPaypalPayment).not.toHaveBeenCalled();
    expect(calls.getPaymentStatus).not.toHaveBeenCalled();

    await runReturnAction({ kind: 'vnpayCallback', parameters: { vnp_TxnRef: 'T' } }, calls);
    expect(calls.postVnpayCallback).toHaveBeenCalledWith({ vnp_TxnRef: 'T' });

    await runReturnAction({ kind: 'status', id: 'pay_1' }, calls);
    expect(calls.getPaymentStatus).toHaveBeenCalledWith('pay_1');
  });

  it("shows 'Failed to check payment status' for the status call only", () => {
    expect(failureWrapper({ kind: 'status', id: 'x' })).toBe('status');
    expect(failureWrapper({ kind: 'vnpayCallback', parameters: {} })).toBe('callback');
    expect(failureWrapper({ kind: 'paypalCancel', request: { orderId: 'O', txnRef: 'T' } })).toBe(
      'callback',
    );
  });
});

describe('viewOf', () => {
  it('folds the outcome, treating a PayPal decline with a retry URL as a failure', () => {
    expect(viewOf(paymentStatuses.completed)).toBe('completed');
    expect(viewOf(paymentStatuses.pending)).toBe('pending');
    expect(viewOf(paymentStatuses.cancelled)).toBe('cancelled');
    expect(viewOf(paymentStatuses.declined)).toBe('failed');
    expect(viewOf({ ...paymentStatuses.declined, retryUrl: null })).toBe('pending');
  });
});
