import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { HomePage } from './HomePage';
import { HomeSections } from './HomeSections';

const meta = {
  title: 'Pages/Home',
  component: HomePage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
  // The whole page: the route defers the sections below the hero, the story shows them at once.
  render: (args) => (
    <HomePage {...args} sections={<HomeSections startChatTo={args.startChatTo} />} />
  ),
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your AI studio, in English and Vietnamese',
    );
    const tools = canvas.getByRole('region', { name: 'Tools in the studio' });
    await expect(within(tools).getAllByText('Available now')).toHaveLength(9);
    await expect(within(tools).queryByText('Coming soon')).not.toBeInTheDocument();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Studio AI của bạn, bằng tiếng Việt và tiếng Anh',
    );
    const tools = canvas.getByRole('region', { name: 'Các công cụ trong studio' });
    await expect(within(tools).getAllByText('Đã có')).toHaveLength(9);
    await expect(within(tools).queryByText('Sắp ra mắt')).not.toBeInTheDocument();
  },
};
