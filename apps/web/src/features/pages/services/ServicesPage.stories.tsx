import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
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
    // All nine tools are open: nothing is announced as coming soon.
    await expect(canvas.queryByRole('region', { name: 'Coming soon' })).not.toBeInTheDocument();
    const available = canvas.getByRole('region', { name: 'Available today' });
    await expect(within(available).getAllByRole('article')).toHaveLength(9);
    await expect(
      within(available).getByRole('link', { name: 'Open Content writer' }),
    ).toHaveAttribute('href', '/content-writer');
    await expect(
      within(available).getByRole('link', { name: 'Open Image generator' }),
    ).toHaveAttribute('href', '/image-generator');
    await expect(within(available).getByRole('link', { name: 'Open Imagen' })).toHaveAttribute(
      'href',
      '/imagen',
    );
    await expect(
      within(available).getByRole('link', { name: 'Open Voice synthesis' }),
    ).toHaveAttribute('href', '/voice-synthesis');
    await expect(
      within(available).getByRole('link', { name: 'Open Music creator' }),
    ).toHaveAttribute('href', '/music-creator');
    await expect(within(available).getByRole('link', { name: 'Open Vision' })).toHaveAttribute(
      'href',
      '/vision',
    );
    await expect(
      within(available).getByRole('link', { name: 'Open Office tools' }),
    ).toHaveAttribute('href', '/office-tools');
    await expect(within(available).getByRole('link', { name: 'Open Anime' })).toHaveAttribute(
      'href',
      '/anime',
    );
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Dịch vụ của chúng tôi',
    );
    await expect(canvas.queryByRole('region', { name: 'Sắp ra mắt' })).not.toBeInTheDocument();
    const available = canvas.getByRole('region', { name: 'Đã có ngay hôm nay' });
    await expect(within(available).getByRole('link', { name: 'Mở Viết nội dung' })).toHaveAttribute(
      'href',
      '/content-writer',
    );
    await expect(within(available).getByRole('link', { name: 'Mở Tạo ảnh' })).toHaveAttribute(
      'href',
      '/image-generator',
    );
  },
};
