import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { AnimePage } from './AnimePage';

const meta = {
  title: 'Pages/Anime',
  component: AnimePage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AnimePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Anime');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'What Anime will do' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See Pro plans' })).toHaveAttribute(
      'href',
      '/plans',
    );
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Anime');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Anime sẽ làm được gì' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Xem các gói Pro' })).toHaveAttribute(
      'href',
      '/plans',
    );
  },
};
