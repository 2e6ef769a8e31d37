import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { shareHandlers } from '../../../mocks/handlers/share';
import { SharedConversationPage } from './SharedConversationPage';

/** /share/{slug} (§2) in each state, backed by the share handlers. */
const meta = {
  title: 'App/Pages/SharedConversation',
  component: SharedConversationPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { app: { route: '/share/da-lat-weekend', path: '/share/:slug?' } },
} satisfies Meta<typeof SharedConversationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Planning a weekend in Da Lat' }),
    ).toBeVisible();
    const messages = within(canvas.getByRole('list', { name: 'Messages' })).getAllByRole(
      'listitem',
    );
    await expect(messages).toHaveLength(2);
    await expect(messages[0]).toHaveTextContent('User');
    await expect(messages[1]).toHaveTextContent('Assistant');
    await expect(messages[1]?.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T08:15:12.000Z',
    );
  },
};

export const Untitled: Story = {
  beforeEach: ({ msw }) => {
    msw.use(shareHandlers.untitled);
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Shared Conversation' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(shareHandlers.loading);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading…');
  },
};

export const ServerMessage: Story = {
  beforeEach: ({ msw }) => {
    msw.use(shareHandlers.notFound);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This share link has expired or was removed.',
    );
  },
};

export const FailedWithoutMessage: Story = {
  beforeEach: ({ msw }) => {
    msw.use(shareHandlers.serverError);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Failed to load shared conversation',
    );
  },
};

export const EmptySlug: Story = {
  parameters: { app: { route: '/share/', path: '/share/:slug?' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Share link is missing or invalid.',
    );
  },
};

export const EmptySlugVietnamese: Story = {
  ...EmptySlug,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Đường liên kết chia sẻ bị thiếu hoặc không hợp lệ.',
    );
  },
};
