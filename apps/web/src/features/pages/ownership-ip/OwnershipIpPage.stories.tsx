import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { OwnershipIpPage } from './OwnershipIpPage';

const meta = {
  title: 'Pages/OwnershipIp',
  component: OwnershipIpPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof OwnershipIpPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Ownership and intellectual property',
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Reporting infringement' }),
    ).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Quyền sở hữu và sở hữu trí tuệ',
    );
    await expect(canvas.getByRole('heading', { level: 2, name: 'Báo cáo vi phạm' })).toBeVisible();
  },
};
