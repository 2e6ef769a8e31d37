import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { findToast } from '../../../app/storyHelpers';
import { PlansPage } from './PlansPage';

/** /plans: Free and Pro, monthly or yearly, in the visitor's currency (§9 fallback prices). */
const meta = {
  title: 'App/Pages/Plans',
  component: PlansPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { currency: 'USD', signedIn: false },
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
    await expect(canvas.getByRole('article', { name: 'Free' })).toHaveTextContent('$0.00');
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
    await userEvent.click(canvas.getByRole('tab', { name: 'Theo năm' }));
    await expect(canvas.getByText(/Tiết kiệm 1\.156\.000\s₫ \(17%\)/)).toBeVisible();
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

export const ProNeedsSignIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Get Pro' }));
    await findToast('Please sign in to continue to payment.');
  },
};
