import type { PaymentStatusResponse } from '@studio/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../../../mocks/auth';
import { paymentStatuses } from '../../../../mocks/handlers/payments';
import { createMemoryStore } from '../../../../lib/storage';
import { renderInApp } from '../../../../test/render';
import type { PaymentReturnApi } from '../../billing/paymentReturn';
import { PaymentCallbackPage, type PaymentCallbackPageProps } from './PaymentCallbackPage';

afterEach(() => vi.restoreAllMocks());

function fakeApi(overrides: Partial<PaymentReturnApi> = {}): PaymentReturnApi {
  return {
    postVnpayCallback: vi.fn(() => Promise.resolve(paymentStatuses.completed)),
    capturePaypalPayment: vi.fn(() => Promise.resolve(paymentStatuses.completed)),
    cancelPaypalPayment: vi.fn(() => Promise.resolve(paymentStatuses.cancelled)),
    getPaymentStatus: vi.fn(() => Promise.resolve(paymentStatuses.pending)),
    ...overrides,
  };
}

function renderPage(url: string, props: Partial<PaymentCallbackPageProps> = {}) {
  const store = createMemoryStore({
    pendingPaymentTransactionId: 'pay_pending',
    paymentAttempts: '2',
  });
  const api = props.api ?? fakeApi();
  const rendered = renderInApp(
    <PaymentCallbackPage store={store} api={api} pollEveryMs={5} pollForMs={20} {...props} />,
    { initialEntries: [url] },
  );
  return { ...rendered, store, api };
}

describe('PaymentCallbackPage', { timeout: 20_000 }, () => {
  it('completes a VNPay return: clears the pending payment and the attempts, tells the route', async () => {
    const onCompleted = vi.fn();
    const { store, api } = renderPage(
      '/payment/callback?provider=vnpay&vnp_TxnRef=01JDX4&vnp_SecureHash=ab',
      { onCompleted },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment received' }),
    ).toBeVisible();
    expect(api.postVnpayCallback).toHaveBeenCalledWith({
      provider: 'vnpay',
      vnp_TxnRef: '01JDX4',
      vnp_SecureHash: 'ab',
    });
    expect(screen.getByText(/Pro is active until Dec 21, 2026/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to chat' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'View membership' })).toHaveAttribute(
      'href',
      '/membership',
    );
    expect(store.get('pendingPaymentTransactionId')).toBeNull();
    expect(store.get('paymentAttempts')).toBeNull();
    expect(onCompleted).toHaveBeenCalledTimes(1);
  });

  it('keeps asking while pending, then says it is still pending', async () => {
    const { api, store } = renderPage('/payment/callback?txnRef=01JDX4');
    expect(await screen.findByText(/Checking again every few seconds/)).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Your payment is still pending' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We will activate Pro as soon as the provider confirms. Check Membership later.',
    );
    // The first call, then one poll per 5 ms up to 20 ms: four more.
    expect(api.getPaymentStatus).toHaveBeenCalledTimes(5);
    expect(api.getPaymentStatus).toHaveBeenLastCalledWith(paymentStatuses.pending.orderId);
    // Not final: the pending payment stays for a later visit.
    expect(store.get('pendingPaymentTransactionId')).toBe('pay_pending');
  });

  it('shows completion when a poll finds the payment confirmed', async () => {
    const getPaymentStatus = vi
      .fn<(id: string) => Promise<PaymentStatusResponse>>()
      .mockResolvedValueOnce(paymentStatuses.pending)
      .mockResolvedValue(paymentStatuses.completed);
    renderPage('/payment/callback', { api: fakeApi({ getPaymentStatus }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment received' }),
    ).toBeVisible();
    expect(getPaymentStatus).toHaveBeenCalledWith('pay_pending');
  });

  it('explains a failure with the translated reason and offers to try again', async () => {
    const onTryAgain = vi.fn();
    const api = fakeApi({
      postVnpayCallback: vi.fn(() =>
        Promise.resolve({ ...paymentStatuses.failed, planType: 'pro_yearly_godmode' as const }),
      ),
    });
    const { user, store } = renderPage('/payment/callback?provider=vnpay&vnp_TxnRef=X', {
      api,
      onTryAgain,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The account did not have enough funds.',
    );
    expect(store.get('paymentAttempts')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onTryAgain).toHaveBeenCalledWith({ period: 'yearly', godmode: true });
  });

  it('links a PayPal decline back to PayPal to choose another method', async () => {
    const api = fakeApi({
      capturePaypalPayment: vi.fn(() => Promise.resolve(paymentStatuses.declined)),
    });
    renderPage('/payment/callback?provider=paypal&txnRef=01JCQ7&token=5O19&PayerID=Q', { api });
    expect(
      await screen.findByRole('link', { name: 'Choose another payment method' }),
    ).toHaveAttribute('href', paymentStatuses.declined.retryUrl);
    expect(api.capturePaypalPayment).toHaveBeenCalledWith({ orderId: '5O19', txnRef: '01JCQ7' });
    // A decline is final for the page: no polling.
    expect(api.getPaymentStatus).not.toHaveBeenCalled();
  });

  it('cancels a PayPal payment the payer cancelled', async () => {
    const { api } = renderPage('/payment/callback?provider=paypal&txnRef=T&token=O&cancelled=1');
    expect(
      await screen.findByText('You cancelled the payment. Nothing was charged.'),
    ).toBeVisible();
    expect(api.cancelPaypalPayment).toHaveBeenCalledWith({ orderId: 'O', txnRef: 'T' });
    expect(api.capturePaypalPayment).not.toHaveBeenCalled();
  });

  it("shows 'Failed to process payment callback' with the server's words, and retries", async () => {
    const postVnpayCallback = vi
      .fn<(parameters: Record<string, string>) => Promise<PaymentStatusResponse>>()
      .mockRejectedValueOnce(apiFailure('Invalid payment signature', 400))
      .mockResolvedValue(paymentStatuses.completed);
    const { user } = renderPage('/payment/callback?provider=vnpay&vnp_TxnRef=X', {
      api: fakeApi({ postVnpayCallback }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to process payment callback');
    expect(alert).toHaveTextContent('Invalid payment signature');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeVisible();
    expect(postVnpayCallback).toHaveBeenCalledTimes(2);
  });

  it("shows 'Failed to check payment status' when the status call fails", async () => {
    renderPage('/payment/callback?txnRef=X', {
      api: fakeApi({
        getPaymentStatus: () => Promise.reject(apiFailure('Payment not found', 404)),
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to check payment status');
    expect(alert).toHaveTextContent('Payment not found');
  });

  it('says so when there is no payment to look up', async () => {
    const api = fakeApi();
    renderInApp(<PaymentCallbackPage store={createMemoryStore()} api={api} />, {
      initialEntries: ['/payment/callback'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this payment');
    expect(api.getPaymentStatus).not.toHaveBeenCalled();
  });
});
