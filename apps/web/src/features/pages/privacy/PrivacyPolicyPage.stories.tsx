import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';

const meta = {
  title: 'Pages/PrivacyPolicy',
  component: PrivacyPolicyPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PrivacyPolicyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy policy');
    const toc = canvas.getByRole('navigation', { name: 'On this page' });
    await expect(within(toc).getByRole('link', { name: 'Cookies' })).toHaveAttribute(
      'href',
      '#cookies',
    );
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Chính sách quyền riêng tư',
    );
    const toc = canvas.getByRole('navigation', { name: 'Nội dung trang này' });
    await expect(within(toc).getByRole('link', { name: 'Cookie' })).toHaveAttribute(
      'href',
      '#cookies',
    );
  },
};
