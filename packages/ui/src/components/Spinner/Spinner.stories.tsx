import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Box } from '../Layout/Box';
import { Inline } from '../Layout/Inline';
import { Stack } from '../Layout/Stack';
import { Spinner, spinnerSizes } from './Spinner';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  argTypes: {
    size: { control: 'inline-radio', options: spinnerSizes },
    overlay: { control: 'inline-radio', options: [false, true, 'fullscreen'] },
  },
  parameters: {
    usage: {
      use: 'Shows that something is loading or running when the shape of what comes next isn’t known: a route loading, a dialog fetching its data, an answer being written. When the layout is known, use [Skeleton](?path=/docs/feedback-skeleton--docs) placeholders; for a button’s own action, the button’s `loading`.',
      do: [
        'Say what is loading with `text`, translated ("Loading your devices…"); without it the translated "Loading…" is announced but not shown.',
        'Pick the `size` for the wait: `small` inline beside text (an answer being written), `medium` (the default) in a section or a dialog, `large` for a whole page (checking the session).',
        'Use `overlay` to cover a part of the page that stays in place behind it (its wrapper must be positioned), and `overlay="fullscreen"` only as a whole-route fallback.',
        'When the wait ends, replace it with the content, an [EmptyState](?path=/docs/feedback-emptystate--docs) or an inline error with a Try again button.',
      ],
      dont: [
        'Don’t put a Spinner inside a Button: set the button’s `loading`, which keeps its size and announces it as busy.',
        'Don’t show several spinners for one wait: one for each region that is loading.',
        'Don’t add a "Loading" status of your own next to it: it is already a polite `role="status"` live region.',
        'Don’t leave it spinning when the request fails: say what went wrong where the content would be.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `size`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No text: the translated label is announced but not shown. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveTextContent('Loading…');
    // Visually hidden: the text takes no room on screen.
    const label = within(status).getByText('Loading…');
    await expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Inline gap="xl" align="center">
      {spinnerSizes.map((size) => (
        <Spinner key={size} {...args} size={size} text={size} />
      ))}
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('status')).toHaveLength(3);
  },
};

export const Small: Story = { args: { size: 'small' } };
export const Large: Story = { args: { size: 'large' } };

/** The default label is translated: English (shown because an overlay always shows its text). */
export const DefaultLabelEnglish: Story = {
  args: { size: 'large', overlay: true },
  render: (args) => (
    <Box style={{ position: 'relative', height: '10rem' }} background="raised" borderRadius="lg">
      <Spinner {...args} />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
    await expect(within(canvasElement).getByText('Loading…')).toBeVisible();
  },
};

/** The default label is translated: Vietnamese. */
export const DefaultLabelVietnamese: Story = {
  ...DefaultLabelEnglish,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Đang tải…');
    await expect(within(canvasElement).getByText('Đang tải…')).toBeVisible();
  },
};

export const WithText: Story = {
  args: { text: 'Loading your conversations…' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading your conversations…')).toBeVisible();
  },
};

/** Covers its positioned parent while that part of the page loads. */
export const Overlay: Story = {
  args: { overlay: true, text: 'Connecting to PayPal…' },
  render: (args) => (
    <Box
      style={{ position: 'relative', maxWidth: '24rem' }}
      background="raised"
      padding="xl"
      borderRadius="lg"
    >
      <Stack gap="sm">
        <Box as="h2" color="primary">
          Payment
        </Box>
        <Box as="p" color="muted">
          Pro plan, monthly: $19.99. You can cancel at any time from your membership page.
        </Box>
      </Stack>
      <Spinner {...args} />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Connecting to PayPal…',
    );
  },
};

/** Covers the whole viewport, e.g. while authentication initialises. */
export const Fullscreen: Story = {
  args: { overlay: 'fullscreen', size: 'large' },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <>
      <Box padding="xl" color="primary">
        The page behind the overlay.
      </Box>
      <Spinner {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading…');
    await expect(getComputedStyle(status.parentElement as HTMLElement).position).toBe('fixed');
  },
};

export const LongText: Story = {
  args: {
    overlay: true,
    text: 'Waiting for VNPay to confirm your payment. This can take up to a minute; please keep this page open.',
  },
  render: Overlay.render,
};

export const VietnameseText: Story = {
  args: { text: 'Đang kết nối tới VNPay…', size: 'large' },
  globals: { locale: 'vi' },
};
