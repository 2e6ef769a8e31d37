import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { sampleSharedConversation, shareHandlers } from '../../../mocks/handlers/share';
import { SharedConversationPage } from './SharedConversationPage';

/**
 * /share/{slug} (§2) in each state, backed by the share handlers, in English and Vietnamese.
 * Loaded shows what the chat shows: the reply's Markdown (a list, a table, highlighted code with
 * its copy button) and the picture the user attached.
 */
const meta = {
  title: 'App/Pages/SharedConversation',
  component: SharedConversationPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { app: { route: '/share/da-lat-weekend', path: '/share/:slug?' } },
} satisfies Meta<typeof SharedConversationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const vietnamese = { locale: 'vi' } as const;

/** The two messages once everything has arrived: the renderer's chunk and the picture. */
async function loadedMessages(canvasElement: HTMLElement, label: string, imageName: string) {
  const list = await within(canvasElement).findByRole('list', { name: label });
  // The list's own items: the reply's Markdown list has items too.
  const messages = [...list.children] as HTMLElement[];
  await expect(messages).toHaveLength(2);
  const [question, reply] = messages as [HTMLElement, HTMLElement];
  // The renderer is a lazy chunk; the code block is highlighted once it has run.
  await waitFor(() => expect(reply.querySelector('pre code.hljs .hljs-keyword')).not.toBeNull());
  const image = await within(question).findByRole('img', { name: imageName });
  await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBe(96));
  return { question, reply, image };
}

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Planning a weekend in Da Lat' }),
    ).toBeVisible();
    const { question, reply, image } = await loadedMessages(
      canvasElement,
      'Messages',
      'Attached image',
    );
    await expect(question).toHaveTextContent('User');
    await expect(reply).toHaveTextContent('Assistant');
    await expect(reply.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T08:15:12.000Z',
    );
    await expect(image).toHaveAttribute('loading', 'lazy');
    // Read as the chat reads it: no Markdown source left on the page.
    await expect(reply).not.toHaveTextContent('```');
    await expect(reply).not.toHaveTextContent('**');
    await expect(within(reply).getByText('two days').tagName).toBe('STRONG');
    await expect(within(reply).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(reply).getByRole('table')).toBeVisible();
    await expect(within(reply).getByText('ts')).toBeVisible();
    await expect(within(reply).getByRole('button', { name: 'Copy code' })).toBeVisible();
  },
};

export const LoadedVietnamese: Story = {
  globals: vietnamese,
  play: async ({ canvasElement }) => {
    const { question, reply } = await loadedMessages(canvasElement, 'Tin nhắn', 'Ảnh đính kèm');
    await expect(question).toHaveTextContent('Người dùng');
    await expect(reply).toHaveTextContent('Trợ lý');
    await expect(within(reply).getByRole('button', { name: 'Sao chép mã' })).toBeVisible();
  },
};

/** The link still works but the picture is gone (the sharer deleted it): the words stay. */
export const ImageUnavailable: Story = {
  beforeEach: ({ msw }) => {
    msw.use(shareHandlers.imageGone);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Image unavailable')).toBeVisible();
    await expect(canvas.queryByRole('img', { name: 'Attached image' })).toBeNull();
    await waitFor(() => expect(canvasElement.querySelector('pre code.hljs')).not.toBeNull());
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
    await waitFor(() => expect(canvasElement.querySelector('pre code.hljs')).not.toBeNull());
  },
};

export const UntitledVietnamese: Story = {
  ...Untitled,
  globals: vietnamese,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', {
        level: 1,
        name: 'Cuộc trò chuyện được chia sẻ',
      }),
    ).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('pre code.hljs')).not.toBeNull());
  },
};

/** A link to a conversation with no messages in it: the title and 'no messages yet'. */
export const NoMessages: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/api/chat/share/:slug', () =>
        HttpResponse.json({ ...sampleSharedConversation, messages: [] }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Planning a weekend in Da Lat' }),
    ).toBeVisible();
    await expect(canvas.getByText('This conversation has no messages yet.')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Messages' })).toBeNull();
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

export const LoadingVietnamese: Story = {
  ...Loading,
  globals: vietnamese,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Đang tải…');
  },
};

/** An expired or revoked link: the server's own words. */
export const Expired: Story = {
  beforeEach: ({ msw }) => {
    msw.use(shareHandlers.notFound);
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent("This conversation can't be shown");
    await expect(alert).toHaveTextContent('This share link has expired or was removed.');
  },
};

export const ExpiredVietnamese: Story = {
  ...Expired,
  globals: vietnamese,
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Không thể hiển thị cuộc trò chuyện này');
    await expect(within(alert).getByRole('link', { name: 'Dùng thử AI Studio' })).toBeVisible();
  },
};

/** A failure with no words of its own. */
export const ServerError: Story = {
  beforeEach: ({ msw }) => {
    msw.use(shareHandlers.serverError);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Failed to load shared conversation',
    );
  },
};

export const ServerErrorVietnamese: Story = {
  ...ServerError,
  globals: vietnamese,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Không tải được cuộc trò chuyện được chia sẻ',
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
  globals: vietnamese,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Đường liên kết chia sẻ bị thiếu hoặc không hợp lệ.',
    );
  },
};
