import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { createMemoryStore } from '../../../lib/storage';
import { paymentsHandlers } from '../../../mocks/handlers/payments';
import { PaymentCallbackPage } from './PaymentCallbackPage';

/** /payment/callback: the payer's return from PayPal or VNPay. */
const meta = {
  title: 'App/Pages/PaymentCallback',
  component: PaymentCallbackPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { store: createMemoryStore() },
  parameters: { app: { route: '/payment/callback?vnp_TxnRef=TX-20261121-0042' } },
} satisfies Meta<typeof PaymentCallbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
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

export const Checking: Story = {
  args: { lookUp: () => new Promise(() => undefined) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Checking your payment…',
    );
  },
};

export const Completed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.completed);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Payment received' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See your membership' })).toHaveAttribute(
      'href',
      '/membership',
    );
  },
};
