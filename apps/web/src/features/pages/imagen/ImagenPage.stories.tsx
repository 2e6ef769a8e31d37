import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { ImagenPage } from './ImagenPage';

const meta = {
  title: 'Pages/Imagen',
  component: ImagenPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ImagenPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Imagen');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'What Imagen will do' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Start chatting' })).toHaveAttribute('href', '/');
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Imagen');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Imagen sẽ làm được gì' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Bắt đầu trò chuyện' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};
