import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { sampleUser } from '../../../../mocks/auth';
import { findToast } from '../../../../testing/storyHelpers';
import { paymentsHandlers, samplePayment } from '../../../../mocks/handlers/payments';
import { MembershipPage } from './MembershipPage';

/**
 * /membership: the plan and its dates, what it unlocks, renew or upgrade (the shell's Pro modal,
 * onChoosePro here), and the payment history with printable receipts.
 */
const meta = {
  title: 'App/Pages/Membership',
  component: MembershipPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { user: sampleUser, onChoosePro: fn(), print: fn() },
  parameters: { app: { auth: 'signedIn', route: '/membership' } },
} satisfies Meta<typeof MembershipPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Free: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipFree);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const plan = await canvas.findByRole('region', { name: 'Current plan' });
    await expect(plan).toHaveTextContent('Free');
    await expect(plan).toHaveTextContent('100 messages a day');
    await expect(canvas.getByRole('heading', { level: 3, name: 'No payments yet' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Upgrade to Pro' }));
    await expect(args.onChoosePro).toHaveBeenCalledWith({ period: 'monthly', godmode: false });
  },
};

/**
 * Issue 22 §5: a payment the payer walked away from, still within its provider's window: it
 * can be continued at the provider or cancelled, never left "Pending" with nothing to do.
 */
export const PendingPayment: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipPending, paymentsHandlers.cancelPayment);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no payment row');
    await expect(row).toHaveTextContent('Pending');
    await expect(within(row).getByRole('link', { name: /^Continue payment / })).toHaveAttribute(
      'href',
      expect.stringContaining('/sandbox/vnpay/'),
    );
    await expect(within(row).getByRole('button', { name: /^Cancel payment / })).toBeEnabled();
  },
};

/** Cancelling a pending payment fails: the error toast, the payment still pending and cancellable. */
export const CancelPaymentFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipPending, paymentsHandlers.cancelPaymentError);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no payment row');
    await userEvent.click(within(row).getByRole('button', { name: /^Cancel payment / }));
    await findToast("We couldn't cancel the payment");
    await findToast('Server error. Please try again later.');
    await expect(row).toHaveTextContent('Pending');
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: /^Cancel payment / })).toBeEnabled(),
    );
  },
};

export const Pro: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipPro);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const plan = await canvas.findByRole('region', { name: 'Current plan' });
    await expect(plan).toHaveTextContent('Pro until Dec 21, 2026');
    await expect(plan).toHaveTextContent('2,000 messages a day');
    const rows = within(canvas.getByRole('table')).getAllByRole('row');
    // The header row, then the newest payment first.
    await expect(rows).toHaveLength(3);
    await expect(rows[1]).toHaveTextContent('Paid');
    await expect(rows[1]).toHaveTextContent(/578\.000\s₫/);
    await expect(rows[1]).toHaveTextContent('VNPay');
    await expect(rows[2]).toHaveTextContent('Cancelled');
    await userEvent.click(canvas.getByRole('button', { name: 'Renew Pro' }));
    await expect(args.onChoosePro).toHaveBeenCalledWith({ period: 'monthly', godmode: false });
    await userEvent.click(canvas.getByRole('button', { name: 'Add GodMode' }));
    await expect(args.onChoosePro).toHaveBeenLastCalledWith({ period: 'monthly', godmode: true });
  },
};

export const Godmode: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipGodmode);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const plan = await canvas.findByRole('region', { name: 'Current plan' });
    await expect(plan).toHaveTextContent('Pro + GodMode');
    await expect(plan).toHaveTextContent('GodMode until Nov 2, 2026');
    await expect(canvas.queryByRole('button', { name: 'Add GodMode' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Renew Pro' }));
    await expect(args.onChoosePro).toHaveBeenCalledWith({ period: 'yearly', godmode: true });
  },
};

export const Receipt: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipPro);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const receiptButton = await canvas.findByRole('button', {
      name: `Receipt for payment ${samplePayment.transactionRef}`,
    });
    // Only money taken has a receipt: the cancelled payment offers none.
    await expect(canvas.getAllByRole('button', { name: /^Receipt for payment/ })).toHaveLength(1);
    await userEvent.click(receiptButton);
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    await expect(dialog).toHaveTextContent('AI Studio');
    await expect(dialog).toHaveTextContent('Linh Nguyen');
    await expect(dialog).toHaveTextContent('linh.nguyen@example.com');
    await expect(dialog).toHaveTextContent('Pro, monthly');
    await expect(dialog).toHaveTextContent(/578\.000\s₫/);
    await expect(dialog).toHaveTextContent('14422574');
    await expect(dialog).toHaveTextContent(samplePayment.transactionRef);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await expect(args.print).toHaveBeenCalled();
  },
};

export const ReceiptVietnamese: Story = {
  ...Receipt,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: `Biên lai cho giao dịch ${samplePayment.transactionRef}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Biên lai' });
    await expect(within(dialog).getByRole('button', { name: 'In' })).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipLoading);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Loading your membership…',
    );
  },
};

export const LoadFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipError);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your membership could not be loaded',
    );
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible());
  },
};

export const ProVietnamese: Story = {
  ...Pro,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plan = await canvas.findByRole('region', { name: 'Gói hiện tại' });
    await expect(plan).toHaveTextContent('2.000 tin nhắn mỗi ngày');
    await expect(canvas.getByRole('columnheader', { name: 'Trạng thái' })).toBeVisible();
    await expect(canvas.getByText('Đã thanh toán')).toBeVisible();
  },
};
