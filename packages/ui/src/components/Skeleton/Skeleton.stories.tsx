import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Card } from '../Card';
import { Inline } from '../Layout/Inline';
import { Stack } from '../Layout/Stack';
import { Skeleton, SkeletonGroup, skeletonShapes } from './Skeleton';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  argTypes: {
    shape: { control: 'inline-radio', options: skeletonShapes },
    lines: { control: { type: 'number', min: 1, max: 8 } },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '28rem' }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'Placeholders in the shape of content that is loading, when its layout is known: a list of rows, a grid of cards, a document’s page. The page doesn’t jump when the content arrives. For a wait whose shape isn’t known, use a [Spinner](?path=/docs/feedback-spinner--docs).',
      do: [
        'Wrap the placeholders in a `SkeletonGroup` with a translated `label` ("Loading your conversations"): each Skeleton is hidden from screen readers, and the group marks the area busy and announces the loading once.',
        'Match the content: `shape="rect"` with the row’s or card’s `height`, `text` with `lines` for a paragraph, `circle` for an [Avatar](?path=/docs/display-avatar--docs), and about as many as usually arrive (the conversation sidebar shows four rows).',
        'Set the group’s `gap` to the real content’s spacing, and lay out a grid of placeholders with [Tiles](?path=/docs/layout-tiles--docs) inside the group.',
      ],
      dont: [
        'Don’t show a Skeleton outside a `SkeletonGroup`: nothing would tell screen reader users that something is loading.',
        'Don’t leave placeholders up when loading failed or came back empty: show the error with a Try again button, or an [EmptyState](?path=/docs/feedback-emptystate--docs).',
        'Don’t use placeholders for an action in progress (saving, sending): use the button’s `loading` or a [Spinner](?path=/docs/feedback-spinner--docs).',
        'Don’t size or animate them with `className` or `style` (the props refuse them): use `width`, `height` and `lines`; the shimmer already stops for people who ask for reduced motion.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  play: async ({ canvasElement }) => {
    // A lone placeholder is invisible to assistive technology.
    const skeleton = canvasElement.firstElementChild?.firstElementChild;
    await expect(skeleton).toHaveAttribute('aria-hidden', 'true');
  },
};

export const TextLines: Story = { args: { lines: 4 } };

export const Rect: Story = { args: { shape: 'rect' } };

export const Circle: Story = { args: { shape: 'circle' } };

export const CustomSize: Story = {
  render: () => (
    <Stack gap="md">
      <Skeleton shape="rect" width="12rem" height={48} />
      <Skeleton shape="circle" width={64} height={64} />
      <Skeleton width="40%" />
    </Stack>
  ),
};

/** A card-shaped placeholder: announced once as "Loading…" and marked busy. */
export const Group: Story = {
  render: () => (
    <SkeletonGroup>
      {[1, 2].map((row) => (
        <Card key={row} padding="sm">
          <Inline gap="md" align="start">
            <Skeleton shape="circle" />
            <Stack gap="none" style={{ flex: 1 }}>
              <Skeleton width="45%" />
              <Skeleton lines={2} />
            </Stack>
          </Inline>
        </Card>
      ))}
    </SkeletonGroup>
  ),
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading…');
    await expect(status.parentElement).toHaveAttribute('aria-busy', 'true');
  },
};

export const GroupCustomLabel: Story = {
  render: () => (
    <SkeletonGroup label="Loading your devices…" gap="md">
      <Skeleton shape="rect" height="5.5rem" />
      <Skeleton shape="rect" height="5.5rem" />
    </SkeletonGroup>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Loading your devices…',
    );
  },
};

export const GroupVietnamese: Story = {
  render: () => (
    <SkeletonGroup>
      <Skeleton width="60%" />
      <Skeleton lines={3} />
    </SkeletonGroup>
  ),
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Đang tải…');
  },
};
