import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { ServicesPage } from './ServicesPage';

const meta = {
  title: 'Pages/Services',
  component: ServicesPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServicesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Our services');
    const comingSoon = canvas.getByRole('region', { name: 'Coming soon' });
    await expect(within(comingSoon).getAllByRole('article')).toHaveLength(8);
    await expect(
      within(comingSoon).getByRole('link', { name: 'Read more about Imagen' }),
    ).toHaveAttribute('href', '/imagen');
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Dịch vụ của chúng tôi',
    );
    const comingSoon = canvas.getByRole('region', { name: 'Sắp ra mắt' });
    await expect(within(comingSoon).getAllByRole('article')).toHaveLength(8);
    await expect(
      within(comingSoon).getByRole('link', { name: 'Đọc thêm về Imagen' }),
    ).toHaveAttribute('href', '/imagen');
  },
};
