import type { ChatMessage } from '@studio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { markdownReply, SAMPLE_IMAGE_URL } from '../../../mocks/handlers/chat';
import { MessageList } from './MessageList';

const base = {
  createdAt: '2026-11-21T09:30:00.000Z',
  modelId: null,
  imageUrls: [],
  status: 'complete',
} satisfies Partial<ChatMessage>;

const messages: ChatMessage[] = [
  {
    ...base,
    id: 'u1',
    role: 'user',
    content: 'What is in this photo?',
    imageUrls: [SAMPLE_IMAGE_URL],
  },
  { ...base, id: 'a1', role: 'assistant', content: 'A single pixel.', modelId: 'gpt-4o-mini' },
  { ...base, id: 'u2', role: 'user', content: 'Write a story' },
  { ...base, id: 'a2', role: 'assistant', content: 'Once upon a', status: 'stopped' },
  { ...base, id: 'u3', role: 'user', content: 'Try again' },
  { ...base, id: 'a3', role: 'assistant', content: '', status: 'error' },
  { ...base, id: 'u4', role: 'user', content: 'Show me code' },
  { ...base, id: 'a4', role: 'assistant', content: markdownReply, modelId: 'gpt-4o-mini' },
];

/** The messages on their own: roles, times, badges, images, Markdown and the actions. */
const meta = {
  title: 'App/Chat/MessageList',
  component: MessageList,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { messages, streamingId: null, busy: false, onRegenerate: fn(), onEdit: fn() },
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Statuses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Stopped')).toBeVisible();
    await expect(canvas.getByText('Failed')).toBeVisible();
    await expect(await canvas.findByRole('img', { name: 'Attached image' })).toBeVisible();
    await expect(await canvas.findByRole('table')).toBeVisible();
    // Regenerate only on the last reply; edit on every user message.
    await expect(canvas.getAllByRole('button', { name: 'Regenerate reply' })).toHaveLength(1);
    await expect(canvas.getAllByRole('button', { name: 'Edit message' })).toHaveLength(4);
  },
};

/** A reply the server cut off (its process went away): kept as far as it got, one click to regenerate. */
export const InterruptedReply: Story = {
  args: {
    messages: [
      { ...base, id: 'u1', role: 'user', content: 'Tell me about lighthouses' },
      {
        ...base,
        id: 'a1',
        role: 'assistant',
        content: 'Lighthouses guide ships past rocks and reefs. The first ones',
        modelId: 'gpt-4o-mini',
        status: 'interrupted',
      },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Interrupted')).toBeVisible();
    await expect(
      canvas.getByText('This reply was cut off when the server restarted. What it wrote is kept.'),
    ).toBeVisible();
    await expect(canvas.getByText(/The first ones/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Regenerate' }));
    await expect(args.onRegenerate).toHaveBeenCalledOnce();
  },
};

export const EditAndResend: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getAllByRole('button', { name: 'Edit message' })[2] as HTMLElement,
    );
    const field = canvas.getByRole('textbox', { name: 'Edit your message' });
    await expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, 'Try once more');
    await userEvent.click(canvas.getByRole('button', { name: 'Save and send' }));
    await expect(args.onEdit).toHaveBeenCalledWith('u3', 'Try once more');
  },
};

export const StreamingReply: Story = {
  args: {
    messages: [
      messages[0] as ChatMessage,
      { ...base, id: 'a9', role: 'assistant', content: 'Still writ' },
    ],
    streamingId: 'a9',
    busy: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('listitem', { name: 'Assistant' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.queryByRole('button', { name: 'Regenerate reply' })).toBeNull();
  },
};
