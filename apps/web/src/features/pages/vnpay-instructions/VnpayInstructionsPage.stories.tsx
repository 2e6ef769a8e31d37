import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { VnpayInstructionsPage } from './VnpayInstructionsPage';

const meta = {
  title: 'Pages/VnpayInstructions',
  component: VnpayInstructionsPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof VnpayInstructionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'How to pay with VNPay',
    );
    const steps = canvas.getByRole('region', { name: 'Step by step' });
    const list = within(steps).getAllByRole('list')[0];
    await expect(list?.tagName).toBe('OL');
    await expect(
      within(steps).getByRole('heading', { level: 3, name: 'Confirm with the OTP' }),
    ).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Hướng dẫn thanh toán qua VNPay',
    );
    const steps = canvas.getByRole('region', { name: 'Các bước thực hiện' });
    const list = within(steps).getAllByRole('list')[0];
    await expect(list?.tagName).toBe('OL');
    await expect(
      within(steps).getByRole('heading', { level: 3, name: 'Xác nhận bằng mã OTP' }),
    ).toBeVisible();
  },
};
