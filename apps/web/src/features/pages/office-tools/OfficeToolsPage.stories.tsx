import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { OfficeToolsPage } from './OfficeToolsPage';

const meta = {
  title: 'Pages/OfficeTools',
  component: OfficeToolsPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof OfficeToolsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Office tools');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'What office tools will do' }),
    ).toBeVisible();
    await expect(canvas.getByText('Coming soon')).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Công cụ văn phòng');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Công cụ văn phòng sẽ làm được gì' }),
    ).toBeVisible();
    await expect(canvas.getByText('Sắp ra mắt')).toBeVisible();
  },
};
