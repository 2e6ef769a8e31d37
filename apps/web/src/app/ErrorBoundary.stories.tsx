import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../testing/storybook';

/** A page that fails while rendering (as a page whose code failed to download would). */
function BrokenPage(): never {
  throw new Error('Failed to fetch dynamically imported module: /assets/AboutPage-3f9a.js');
}

/**
 * The root error boundary (§4): whatever fails while rendering, the app is replaced by the
 * translated error screen, and only Refresh Page leaves it.
 */
const meta = {
  title: 'App/ErrorBoundary',
  component: BrokenPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen', app: { layout: true, route: '/about-us' } },
} satisfies Meta<typeof BrokenPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Error details' })).toHaveTextContent(
      'Failed to fetch dynamically imported module',
    );
    await expect(canvas.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    // The shell is gone: nothing to navigate away with.
    await expect(canvas.queryByRole('banner')).toBeNull();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Đã xảy ra lỗi' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tải lại trang' })).toBeVisible();
  },
};
