import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { paymentsHandlers } from '../../../../mocks/handlers/payments';
import { PlansPage } from './PlansPage';

/**
 * /plans: Free, Pro and the GodMode add-on, monthly or yearly, in the visitor's currency, with
 * what each plan unlocks from GET /api/pricing. "Choose Pro" opens the shell's Pro modal
 * (onChoosePro here).
 */
const meta = {
  title: 'App/Pages/Plans',
  component: PlansPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { currency: 'USD', signedIn: false, onChoosePro: fn() },
  parameters: { app: { route: '/plans' } },
} satisfies Meta<typeof PlansPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MonthlyUsd: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pro = canvas.getByRole('article', { name: 'Pro' });
    await expect(pro).toHaveTextContent('$19.99');
    await expect(pro).toHaveTextContent('/ month');
    // What each plan unlocks comes from the pricing answer's entitlements.
    await expect(await within(pro).findByText('2,000 messages a day')).toBeVisible();
    const free = canvas.getByRole('article', { name: 'Free' });
    await expect(free).toHaveTextContent('$0.00');
    await expect(free).toHaveTextContent('100 messages a day');
    // A visitor is told their own allowance, beside what a free account gets.
    await expect(
      within(free).getByText(
        'Without an account: 20 messages, 5 pictures, text read from 10 pictures, 5 pieces written, 30 document pages, 3 minutes of music, 2,000 characters of speech, and 2 minutes of dictation a day.',
      ),
    ).toBeVisible();
    const godmode = canvas.getByRole('article', { name: 'GodMode add-on' });
    await expect(godmode).toHaveTextContent('+$578');
    await expect(godmode).toHaveTextContent('Every model, GodMode models included');
    await expect(
      canvas.getByText(/Checkout is in US dollars with PayPal or in Vietnamese dong with VNPay/),
    ).toBeVisible();
  },
};

export const YearlySavings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Yearly' }));
    await expect(canvas.getByRole('article', { name: 'Pro' })).toHaveTextContent('$199.99');
    await expect(canvas.getByText('Save $39.89 (17%) compared with paying monthly')).toBeVisible();
  },
};

export const Dong: Story = {
  args: { currency: 'VND' },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Pro' })).toHaveTextContent('578.000 ₫');
    await expect(await canvas.findByText('2.000 tin nhắn mỗi ngày')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Theo năm' }));
    await expect(canvas.getByText(/Tiết kiệm 1\.156\.000\s₫ \(17%\)/)).toBeVisible();
    await expect(canvas.getByRole('article', { name: 'Tiện ích GodMode' })).toHaveTextContent(
      /14\.450\.000\s₫/,
    );
  },
};

export const ApproximateEuro: Story = {
  args: { currency: 'EUR' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Pro' })).toHaveTextContent('≈ €18.39');
    await expect(canvas.getByText(/Prices in Euro are approximate/)).toBeVisible();
  },
};

export const ChoosePro: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Yearly' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Pro' }));
    await expect(args.onChoosePro).toHaveBeenCalledWith({ period: 'yearly', godmode: false });
  },
};

export const ChooseProWithGodmode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Pro with GodMode' }));
    await expect(args.onChoosePro).toHaveBeenCalledWith({ period: 'monthly', godmode: true });
  },
};

export const PricingLoading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.pricingLoading);
  },
  play: async ({ canvasElement }) => {
    // The §9 prices show while pricing is on its way.
    await expect(within(canvasElement).getByRole('article', { name: 'Pro' })).toHaveTextContent(
      '$19.99',
    );
  },
};

export const PricingFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.pricingError);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to fetch pricing');
    await expect(canvas.getByRole('article', { name: 'Pro' })).toHaveTextContent('$19.99');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const PricingFailedVietnamese: Story = {
  ...PricingFailed,
  args: { currency: 'VND' },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Không tải được bảng giá');
    await expect(canvas.getByRole('article', { name: 'Pro' })).toHaveTextContent('578.000 ₫');
  },
};

export const CurrentFree: Story = {
  args: { signedIn: true },
  parameters: { app: { route: '/plans', auth: 'signedIn' } },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipFree);
  },
  play: async ({ canvasElement }) => {
    const free = within(canvasElement).getByRole('article', { name: 'Free' });
    await expect(await within(free).findByText('Current plan')).toBeVisible();
  },
};

export const CurrentPro: Story = {
  args: { signedIn: true },
  parameters: { app: { route: '/plans', auth: 'signedIn' } },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipPro);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pro = canvas.getByRole('article', { name: 'Pro' });
    await expect(await within(pro).findByText('Current plan')).toBeVisible();
    await expect(pro).toHaveTextContent('Pro until Dec 21, 2026');
    await expect(within(pro).queryByRole('button', { name: 'Choose Pro' })).toBeNull();
    await expect(
      within(canvas.getByRole('article', { name: 'Free' })).queryByText('Current plan'),
    ).toBeNull();
  },
};

export const CurrentGodmode: Story = {
  args: { signedIn: true },
  parameters: { app: { route: '/plans', auth: 'signedIn' } },
  beforeEach: ({ msw }) => {
    msw.use(paymentsHandlers.membershipGodmode);
  },
  play: async ({ canvasElement }) => {
    const godmode = within(canvasElement).getByRole('article', { name: 'GodMode add-on' });
    await waitFor(() => expect(godmode).toHaveTextContent('GodMode until Nov 2, 2026'));
  },
};
