import type { PaymentReason, PaymentStatusResponse } from '@studio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { createMemoryStore } from '../../../../lib/storage';
import {
  paymentsHandlers,
  paymentStatuses,
  sampleMemberships,
} from '../../../../mocks/handlers/payments';
import { PaymentCallbackPage } from './PaymentCallbackPage';

/**
 * /payment/callback: the payer's return from VNPay (callback), PayPal (capture or cancel) or a
 * bare return (status), and every outcome with what to do next.
 */
const meta = {
  title: 'App/Pages/PaymentCallback',
  component: PaymentCallbackPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { store: createMemoryStore(), onCompleted: fn(), onTryAgain: fn() },
  parameters: {
    app: {
      auth: 'signedIn',
      route:
        '/payment/callback?provider=vnpay&vnp_Amount=57800000&vnp_ResponseCode=00&vnp_TxnRef=01JDX4S7N5Q2W8E3R6T9&vnp_SecureHash=9f1c',
    },
  },
} satisfies Meta<typeof PaymentCallbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const paypalReturn =
  '/payment/callback?provider=paypal&txnRef=01JCQ7H2K9M4N6P8R1S3&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ';

export const Checking: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.callbackLoading);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Checking your payment…',
    );
  },
};

export const VnpayCompleted: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.callbackCompleted);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Payment received' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Pro is active until Dec 21, 2026.');
    const details = canvas.getByRole('region', { name: 'Payment details' });
    await expect(details).toHaveTextContent('Pro, monthly');
    await expect(details).toHaveTextContent(/578\.000\s₫/);
    await expect(details).toHaveTextContent(paymentStatuses.completed.transactionRef);
    await expect(canvas.getByRole('link', { name: 'Go to chat' })).toHaveAttribute('href', '/home');
    await expect(canvas.getByRole('link', { name: 'View membership' })).toHaveAttribute(
      'href',
      '/membership',
    );
    await expect(args.onCompleted).toHaveBeenCalled();
  },
};

export const CompletedVietnamese: Story = {
  ...VnpayCompleted,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Đã nhận thanh toán' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Vào trò chuyện' })).toBeVisible();
  },
};

export const PaypalCaptured: Story = {
  parameters: { app: { auth: 'signedIn', route: paypalReturn } },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.captureCompleted);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Payment received' }),
    ).toBeVisible();
    await expect(canvasElement).toHaveTextContent('Pro + GodMode, yearly');
    await expect(canvasElement).toHaveTextContent('$777.99');
  },
};

/** Payment received for Pro + GodMode: both 'Pro is active until …' and 'GodMode is active until …'. */
export const GodModeCaptured: Story = {
  parameters: { app: { auth: 'signedIn', route: paypalReturn } },
  beforeEach: ({ msw }) => {
    const { subscriptionTier, proUntil, godmodeUntil, tier } = sampleMemberships.godmode;
    const [payment] = sampleMemberships.godmode.payments;
    msw.use(
      http.post<never, never, PaymentStatusResponse>('*/api/payments/paypal/capture', () =>
        HttpResponse.json({
          ...paymentStatuses.completed,
          ...payment,
          membership: { subscriptionTier, proUntil, godmodeUntil, tier },
        }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Payment received' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Pro is active until Nov 2, 2026. GodMode is active until Nov 2, 2026.',
    );
    await expect(canvasElement).toHaveTextContent('Pro + GodMode, yearly');
  },
};

export const Pending: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.callbackPending, paymentsHandlers.statusPending);
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent(
        'Your payment is being processed',
      ),
    );
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent(
        'Checking again every few seconds…',
      ),
    );
  },
};

export const StillPending: Story = {
  args: { pollEveryMs: 20, pollForMs: 60 },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.callbackPending, paymentsHandlers.statusPending);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Your payment is still pending' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'We will activate Pro as soon as the provider confirms. Check Membership later.',
    );
  },
};

export const Failed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.callbackFailed);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The payment did not go through');
    await expect(alert).toHaveTextContent('The account did not have enough funds.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onTryAgain).toHaveBeenCalledWith({ period: 'monthly', godmode: false });
  },
};

/**
 * The VNPay return answered failed for `reason` (in the payment state the server gives it):
 * the failure panel with that reason's words and Try again.
 */
const failedFor = (
  reason: PaymentReason,
  words: string,
  status: PaymentStatusResponse['status'] = 'failed',
): Story => ({
  beforeEach: ({ msw }) => {
    msw.use(
      http.post<never, never, PaymentStatusResponse>('*/api/payments/vnpay/callback', () =>
        HttpResponse.json({ ...paymentStatuses.failed, status, reason }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The payment did not go through');
    await expect(alert).toHaveTextContent(words);
    // What happened to the money: a refunded or reversed payment was taken and goes back, one of
    // the wrong amount needs a person; for every other reason none was taken.
    await expect(alert).toHaveTextContent(
      reason === 'refunded' || reason === 'reversed'
        ? 'Any money taken goes back to your account'
        : reason === 'amount_mismatch'
          ? 'If money left your account, contact us'
          : 'No money was taken.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
});

/** Failed: 'The payment took too long and expired.' */
export const FailedExpired = failedFor(
  'expired',
  'The payment took too long and expired.',
  'expired',
);
/** Failed: 'The bank flagged the payment as suspicious.' */
export const FailedSuspicious = failedFor(
  'suspicious',
  'The bank flagged the payment as suspicious.',
);
/** Failed: 'The payment could not be authenticated (wrong password or one-time code).' */
export const FailedAuthentication = failedFor(
  'authentication',
  'The payment could not be authenticated (wrong password or one-time code).',
);
/** Failed: 'The bank was unavailable.' */
export const FailedBankUnavailable = failedFor('bank_unavailable', 'The bank was unavailable.');
/** Failed: "The account's payment limit was reached." */
export const FailedLimitExceeded = failedFor(
  'limit_exceeded',
  "The account's payment limit was reached.",
);
/** Failed: 'The amount paid did not match the price.' */
export const FailedAmountMismatch = failedFor(
  'amount_mismatch',
  'The amount paid did not match the price.',
);
/** Failed: 'The payment was refunded.' */
export const FailedRefunded = failedFor('refunded', 'The payment was refunded.', 'refunded');
/** Failed: 'The payment was reversed by the bank or provider.' */
export const FailedReversed = failedFor(
  'reversed',
  'The payment was reversed by the bank or provider.',
  'reversed',
);
/** Failed for a reason of its own: 'The provider did not accept the payment.' */
export const FailedOther = failedFor('other', 'The provider did not accept the payment.');

export const PaypalDeclined: Story = {
  parameters: { app: { auth: 'signedIn', route: paypalReturn } },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.captureDeclined);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The payment method was declined.',
    );
    await expect(
      canvas.getByRole('link', { name: 'Choose another payment method' }),
    ).toHaveAttribute('href', paymentStatuses.declined.retryUrl);
  },
};

export const Cancelled: Story = {
  parameters: { app: { auth: 'signedIn', route: `${paypalReturn}&cancelled=1` } },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.paypalCancelled);
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent(
        'You cancelled the payment. Nothing was charged.',
      ),
    );
  },
};

export const BadSignature: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.callbackBadSignature);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to process payment callback');
    await expect(alert).toHaveTextContent('Invalid payment signature');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const CallbackFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.callbackError);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Failed to process payment callback',
    );
  },
};

export const StatusNotFound: Story = {
  parameters: { app: { auth: 'signedIn', route: '/payment/callback?txnRef=01JDX4S7N5Q2W8E3R6T9' } },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.statusNotFound);
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to check payment status');
    await expect(alert).toHaveTextContent('Payment not found');
  },
};

export const StatusFailedVietnamese: Story = {
  parameters: { app: { auth: 'signedIn', route: '/payment/callback?txnRef=01JDX4S7N5Q2W8E3R6T9' } },
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.statusError);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Không kiểm tra được trạng thái thanh toán',
    );
  },
};

export const NoPayment: Story = {
  args: { store: createMemoryStore() },
  parameters: { app: { auth: 'signedIn', route: '/payment/callback' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'We could not find this payment',
    );
    await expect(canvas.getByRole('link', { name: 'Back to Plans & Pricing' })).toHaveAttribute(
      'href',
      '/plans',
    );
  },
};
