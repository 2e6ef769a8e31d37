import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { ShippingInspectionPage } from './ShippingInspectionPage';

const meta = {
  title: 'Pages/ShippingInspection',
  component: ShippingInspectionPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ShippingInspectionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Shipping and inspection',
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Nothing is shipped' }),
    ).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Bàn giao và kiểm tra dịch vụ',
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Không có hàng hóa vận chuyển' }),
    ).toBeVisible();
  },
};
