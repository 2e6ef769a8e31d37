import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { PurchasesRefundsPage } from './PurchasesRefundsPage';

const meta = {
  title: 'Pages/PurchasesRefunds',
  component: PurchasesRefundsPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PurchasesRefundsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Purchases and refunds',
    );
    await expect(
      canvas.getByText(/19\.99 USD through PayPal or 578,000 VND through VNPay/),
    ).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Mua hàng và hoàn tiền',
    );
    await expect(canvas.getByText(/19,99 USD qua PayPal hoặc 578\.000 ₫ qua VNPay/)).toBeVisible();
  },
};
