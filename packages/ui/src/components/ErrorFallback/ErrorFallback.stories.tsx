import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorFallback, TranslatedErrorFallback } from './ErrorFallback';

const chatError = new Error("Cannot read properties of undefined (reading 'messages')");

const meta = {
  title: 'Feedback/ErrorFallback',
  component: ErrorFallback,
  args: { error: chatError, onRefresh: fn() },
  parameters: {
    layout: 'fullscreen',
    usage: {
      use: 'The full-page screen shown when rendering crashed, from an `ErrorBoundary` at the app’s root: what happened, the error’s details and a Refresh Page button. For a request that failed, show the error where it happened with a Try again button, or a [Toast](?path=/docs/feedback-toast--docs).',
      do: [
        'Render `TranslatedErrorFallback` once the translations have loaded, and the plain `ErrorFallback` (fixed English) when i18n is what failed, as the app’s root fallback does.',
        'Pass `onError` to the `ErrorBoundary` to log what was thrown with its component stack.',
        'Put it at the root of the app or of a whole route: it renders an `h1` and fills the page.',
        'Leave `onRefresh` to reload the page (the default): only a reload leaves this screen.',
      ],
      dont: [
        'Don’t use it for expected failures (offline, not found, refused): they need a message in place and a way to retry.',
        'Don’t try to reset the boundary and render the broken tree again: it stays failed until the page reloads, on purpose.',
        'Don’t throw errors whose messages hold personal data or secrets: the message is shown under "Error details".',
        'Don’t restyle it with `className` or `style` (the props refuse them).',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof ErrorFallback>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        "We're sorry, but something unexpected happened. Please try refreshing the page.",
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Error details' })).toHaveTextContent(
      "Cannot read properties of undefined (reading 'messages')",
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh Page' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

/** A long stack trace scrolls inside its box; the box is focusable so keyboards can scroll it. */
export const LongErrorText: Story = {
  args: {
    error: new Error(
      [
        'ChunkLoadError: Loading chunk 742 failed.',
        '(error: https://studio.example.com/assets/ChatPage-4f9c2a.js)',
        ...Array.from(
          { length: 14 },
          (_, i) =>
            `    at renderWithHooks (https://studio.example.com/assets/vendor-react-9a1b.js:${1200 + i * 37}:22)`,
        ),
      ].join('\n'),
    ),
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('region', { name: 'Error details' });
    await expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
    await userEvent.tab();
    await expect(box).toHaveFocus();
  },
};

/** Something that is not an Error was thrown: its string form is shown. */
export const ThrownString: Story = {
  args: { error: 'Payment provider returned an unexpected response' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('region', { name: 'Error details' }),
    ).toHaveTextContent('Payment provider returned an unexpected response');
  },
};

/** Translated variant, English. */
export const Translated: Story = {
  render: (args) => <TranslatedErrorFallback {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh Page' }));
    await expect(args.onRefresh).toHaveBeenCalled();
  },
};

/** Translated variant, Vietnamese: texts from error.boundary.* in the ui namespace. */
export const TranslatedVietnamese: Story = {
  args: { error: new Error('Không thể tải cuộc trò chuyện: máy chủ không phản hồi') },
  globals: { locale: 'vi' },
  render: (args) => <TranslatedErrorFallback {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Đã xảy ra lỗi' })).toBeVisible();
    await expect(
      canvas.getByText('Rất tiếc, đã có sự cố ngoài ý muốn. Vui lòng tải lại trang.'),
    ).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Chi tiết lỗi' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Tải lại trang' }));
    await expect(args.onRefresh).toHaveBeenCalled();
  },
};

/** The plain variant stays English whatever the language: it must work when i18n has failed. */
export const PlainInVietnameseLocale: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'Something went wrong' }),
    ).toBeVisible();
  },
};

function ChatPanel({ fail }: { fail: boolean }) {
  if (fail) throw new Error('Conversation 42 could not be rendered: message list is not an array');
  return <p>Chat is working.</p>;
}

/** Normal state: the boundary renders its children untouched. */
export const BoundaryNormal: Story = {
  render: (args) => (
    <ErrorBoundary fallback={(error) => <ErrorFallback error={error} onRefresh={args.onRefresh} />}>
      <ChatPanel fail={false} />
    </ErrorBoundary>
  ),
  parameters: { layout: 'padded' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Chat is working.')).toBeVisible();
    await expect(within(canvasElement).queryByRole('heading')).toBeNull();
  },
};

const onError = fn();

/** A child throws while rendering: the boundary logs it and shows the fallback. */
export const BoundaryChildThrows: Story = {
  render: (args) => (
    <ErrorBoundary
      onError={onError}
      fallback={(error) => <ErrorFallback error={error} onRefresh={args.onRefresh} />}
    >
      <ChatPanel fail />
    </ErrorBoundary>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Error details' })).toHaveTextContent(
      'Conversation 42 could not be rendered',
    );
    await expect(onError).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh Page' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

/** The boundary with the translated fallback as a component, in Vietnamese. */
export const BoundaryTranslatedVietnamese: Story = {
  globals: { locale: 'vi' },
  render: () => (
    <ErrorBoundary FallbackComponent={TranslatedErrorFallback}>
      <ChatPanel fail />
    </ErrorBoundary>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'Đã xảy ra lỗi' }),
    ).toBeVisible();
  },
};
