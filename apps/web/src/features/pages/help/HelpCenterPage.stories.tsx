import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { HelpCenterPage } from './HelpCenterPage';

const meta = {
  title: 'Pages/HelpCenter',
  component: HelpCenterPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen', app: { route: '/help' } },
} satisfies Meta<typeof HelpCenterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Help Center');
    for (const topic of ['Account', 'Plans and payments', 'Chat', 'Privacy']) {
      await expect(canvas.getByRole('region', { name: topic })).toBeVisible();
    }
    const question = canvas.getByRole('button', { name: 'How do I cancel Pro?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(question);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText(/Pro stays active until the end of the period/)).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Trung tâm trợ giúp');
    for (const topic of [
      'Tài khoản',
      'Gói dịch vụ và thanh toán',
      'Trò chuyện',
      'Quyền riêng tư',
    ]) {
      await expect(canvas.getByRole('region', { name: topic })).toBeVisible();
    }
  },
};

/** Typing filters questions and answers as you go; the count is announced. */
export const SearchWithResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Search the Help Center' }),
      'vnpay',
    );
    await expect(canvas.getByRole('button', { name: 'How do I pay with VNPay?' })).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'Can the AI read its replies aloud?' }),
    ).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Chat' })).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent(/^\d+ questions found$/);
  },
};

/** A query typed without Vietnamese accents still finds the accented questions. */
export const SearchWithoutAccents: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Tìm trong Trung tâm trợ giúp' }),
      'thanh toan',
    );
    await expect(
      canvas.getByRole('button', { name: 'Làm sao để thanh toán qua VNPay?' }),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'AI có thể đọc to câu trả lời không?' }),
    ).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Tìm thấy \d+ câu hỏi$/);
  },
};

/** Nothing matches: an empty state that points to the contact page. */
export const SearchWithNoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox'), 'quantum teleportation');
    await expect(
      canvas.getByRole('heading', { name: 'No questions match “quantum teleportation”' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(canvas.queryByRole('region', { name: 'Account' })).toBeNull();
  },
};

/** /help#refunds: the question the link points at is open. */
export const DeepLinkedQuestion: Story = {
  parameters: { app: { route: '/help#refunds' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Can I get a refund?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('link', { name: 'Purchases and refunds' })).toHaveAttribute(
      'href',
      '/purchases-refunds',
    );
  },
};
