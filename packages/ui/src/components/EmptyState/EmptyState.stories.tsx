import type { Meta, StoryObj } from '@storybook/react-vite';
import { Fingerprint, MessageSquare, SearchX } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button } from '../Button';
import { Box } from '../Layout/Box';
import { EmptyState, emptyStateHeadingLevels } from './EmptyState';

const onAction = fn();

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: {
    icon: <MessageSquare size={22} />,
    title: 'No conversations yet',
    description: 'Start a chat with any model. Your conversations will be listed here.',
  },
  argTypes: {
    headingLevel: { control: 'inline-radio', options: emptyStateHeadingLevels },
  },
  parameters: {
    usage: {
      use: 'What a list, a search or a page shows when it has nothing to show, and what to do about it. While it loads, show a [Skeleton](?path=/docs/feedback-skeleton--docs) or a [Spinner](?path=/docs/feedback-spinner--docs); when loading failed, show the error with a Try again button instead.',
      do: [
        'Say what is empty in the `title` ("No conversations yet"; for a search, "No results for “quantum llama”") and what will appear, or what to do, in the `description`, both translated.',
        'Offer the next step in `action`: usually one [Button](?path=/docs/actions-button--docs) ("Add device"), or links to where the items are made (the library links to each tool, in an [Inline](?path=/docs/layout-inline--docs)).',
        'Set `headingLevel` to fit the page’s outline (2 by default; 3 inside a card or a section with its own heading).',
        'Use `bordered` for an empty area inside a card or a list, so it reads as the place where the items will be.',
      ],
      dont: [
        'Don’t use it for an error: a failed load needs the reason and a Try again button, announced as an alert.',
        'Don’t show it before loading has finished: people would read "nothing here" before the items arrive.',
        'Don’t write "No data" or "Empty": say what is missing in the reader’s words.',
        'Don’t restyle it or its icon with `className` or `style` (the props refuse them); the `icon` is decorative, a 28–32 px icon in the app.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'No conversations yet' }),
    ).toBeVisible();
  },
};

export const WithAction: Story = {
  args: {
    action: (
      <Button size="sm" onClick={onAction}>
        New chat
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'New chat' }));
    await expect(onAction).toHaveBeenCalledTimes(1);
  },
};

/** Inside a card or list: a dashed outline, with a heading level that fits the page outline. */
export const BorderedInCard: Story = {
  render: (args) => (
    <Box background="raised" padding="lg" borderRadius="lg" style={{ maxWidth: '32rem' }}>
      <Box as="h2" color="primary" marginBottom="md">
        Biometric devices
      </Box>
      <EmptyState {...args} />
    </Box>
  ),
  args: {
    bordered: true,
    headingLevel: 3,
    icon: <Fingerprint size={22} />,
    title: 'No devices yet',
    description: 'Add a fingerprint, face or security key to confirm payments in a tap.',
    action: (
      <Button size="sm" variant="secondary">
        Add device
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 3, name: 'No devices yet' }),
    ).toBeVisible();
  },
};

export const TitleOnly: Story = { args: { icon: undefined, description: undefined } };

export const NoResults: Story = {
  args: {
    icon: <SearchX size={22} />,
    title: 'No results for “quantum llama”',
    description: 'Check the spelling or try a shorter search.',
  },
};

export const LongText: Story = {
  args: {
    title:
      'You have not shared any conversations yet, so there is nothing to show on this page at the moment',
    description:
      'When you share a conversation, anyone with the link can read it without signing in. Shared links can be turned off at any time from the conversation menu, and they expire after the number of days you choose.',
  },
};

export const VietnameseText: Story = {
  args: {
    title: 'Chưa có cuộc trò chuyện nào',
    description:
      'Bắt đầu trò chuyện với bất kỳ mô hình nào. Các cuộc trò chuyện của bạn sẽ hiển thị ở đây.',
    action: <Button size="sm">Trò chuyện mới</Button>,
  },
  globals: { locale: 'vi' },
};
