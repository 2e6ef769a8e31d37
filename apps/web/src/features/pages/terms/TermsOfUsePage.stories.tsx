import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { TermsOfUsePage } from './TermsOfUsePage';

const meta = {
  title: 'Pages/TermsOfUse',
  component: TermsOfUsePage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TermsOfUsePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Terms of use');
    await expect(canvas.getByText('November 1, 2026')).toHaveAttribute('datetime', '2026-11-01');
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Điều khoản sử dụng');
    await expect(canvas.getByText(/01\/11\/2026/)).toHaveAttribute('datetime', '2026-11-01');
  },
};
