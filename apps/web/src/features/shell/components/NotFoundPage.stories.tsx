import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { NotFoundPage } from './NotFoundPage';

const meta = {
  title: 'App/Pages/NotFound',
  component: NotFoundPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { app: { route: '/no/such/page' } },
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(canvas.getByRole('link', { name: 'Visit the Help Center' })).toHaveAttribute(
      'href',
      '/help',
    );
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Về trang chủ' })).toBeVisible();
  },
};
