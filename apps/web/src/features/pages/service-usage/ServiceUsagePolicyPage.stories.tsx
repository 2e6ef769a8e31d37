import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { ServiceUsagePolicyPage } from './ServiceUsagePolicyPage';

const meta = {
  title: 'Pages/ServiceUsagePolicy',
  component: ServiceUsagePolicyPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServiceUsagePolicyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Service usage policy',
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Content that is not allowed' }),
    ).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Chính sách sử dụng dịch vụ',
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Nội dung không được phép' }),
    ).toBeVisible();
  },
};
