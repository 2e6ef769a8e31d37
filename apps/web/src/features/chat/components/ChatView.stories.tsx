import type { ChatMessage } from '@studio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Decorator } from '@storybook/react-vite';
import { http } from 'msw';
import { never } from '../../../mocks/responses';
import { expect, fireEvent, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { chatStorageKey } from '../../../lib/storage';
import { chatHandlers } from '../../../mocks/handlers/chat';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';
import { ChatView } from './ChatView';

/**
 * The chat (models, messages, composer) in every state. The API answers from the chat MSW
 * handlers: "You said: …" streamed word by word, or the failure variant a story picks.
 */
const meta = {
  title: 'App/Chat/ChatView',
  component: ChatView,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    signedIn: false,
    conversationId: null,
    onConversationChange: fn(),
    onQuota: fn(),
  },
  parameters: { app: { route: '/' } },
} satisfies Meta<typeof ChatView>;

export default meta;
type Story = StoryObj<typeof meta>;

async function send(canvasElement: HTMLElement, text: string) {
  const canvas = within(canvasElement);
  await canvas.findByRole('combobox', { name: 'Model' });
  const box = canvas.getByRole('textbox', { name: 'Message' });
  await userEvent.type(box, text);
  await userEvent.keyboard('{Enter}');
  return canvas;
}

function conversation(turns: number): ChatMessage[] {
  return Array.from({ length: turns }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content:
      index % 2 === 0
        ? `Question ${index / 2 + 1}: what should I see in Hue?`
        : `Answer ${(index + 1) / 2}: the Imperial City, Thien Mu Pagoda and the royal tombs.`,
    createdAt: new Date(Date.UTC(2026, 10, 21, 9, index)).toISOString(),
    modelId: index % 2 === 0 ? null : 'gpt-4o-mini',
    imageUrls: [],
    status: 'complete',
  }));
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Start a conversation' }),
    ).toBeVisible();
    const suggestions = canvas.getByRole('list', { name: 'Suggested prompts' });
    await expect(within(suggestions).getAllByRole('button')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

export const Conversation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Hello there');
    // The reply, not its copy in the screen-reader announcement.
    await expect(await canvas.findByText('You said: Hello there', { selector: 'p' })).toBeVisible();
    // Offered once the reply has finished streaming.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Regenerate reply' })).toBeEnabled(),
    );
    await expect(canvas.getAllByRole('button', { name: 'Copy message' })).toHaveLength(2);
  },
};

export const Streaming: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamHanging),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Write a long story');
    await expect(await canvas.findByRole('button', { name: 'Stop' })).toBeVisible();
    const list = canvas.getByRole('region', { name: 'Messages' });
    await waitFor(() =>
      expect(within(list).getByRole('listitem', { name: 'Assistant' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await expect(within(list).getByRole('status')).toHaveTextContent('The assistant is replying…');
  },
};

export const Stopped: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamHanging),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Write a long story');
    // Stop once the first words are shown: a click before they arrive stops an empty reply, and
    // the snapshot would depend on which came first.
    await canvas.findByText(/You said:/);
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop' }));
    await expect(await canvas.findByText('Stopped')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  },
};

export const ReplyFailed: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamError),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Hello there');
    await expect(
      await canvas.findByText('The model provider failed. Please try again.'),
    ).toBeVisible();
    await expect(canvas.getByText('Failed')).toBeVisible();
    await expect(canvas.getByText('Hello there')).toBeVisible();
  },
};

export const SendFailed: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamBareError),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Keep my words');
    await expect(await canvas.findByText('Failed to send message')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveValue('Keep my words');
  },
};

/** The server refuses the message with its own words (a 500 before any reply): they are shown. */
export const ServerError: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamServerError),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Keep my words');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server error. Please try again later.');
    await expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveValue('Keep my words');
  },
};

/** No model to choose (none configured): sending says a model is needed. */
export const ModelIdRequired: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.modelsEmpty),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Hello there');
    await expect(canvas.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Model ID is required to send a message.');
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello there');
  },
};

/** The model provider's 429 with a retry hint: the wait, in the reader's language. */
export const RateLimited: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamRateLimited),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Hello there');
    await expect(
      await canvas.findByText(
        'The model is getting too many requests right now. Try again in 20 seconds.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toBeVisible();
    await expect(canvas.getByText('Failed')).toBeVisible();
  },
};

export const RateLimitedVietnamese: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamRateLimited),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Mô hình' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Tin nhắn' }), 'Xin chào');
    await userEvent.keyboard('{Enter}');
    await expect(
      await canvas.findByText(
        'Mô hình đang nhận quá nhiều yêu cầu. Bạn có thể thử lại sau 20 giây.',
      ),
    ).toBeVisible();
  },
};

/** A message sent past today's allowance: the quota notice with its upgrade link. */
const quotaStory = (handler: typeof chatHandlers.streamQuota): Story => ({
  beforeEach: ({ msw }) => msw.use(handler),
  play: async ({ canvasElement, args }) => {
    const canvas = await send(canvasElement, 'One more please');
    await expect(await canvas.findByText('Daily limit reached')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Upgrade for more messages' })).toHaveAttribute(
      'href',
      '/plans',
    );
    await expect(args.onQuota).toHaveBeenCalled();
  },
});

export const QuotaReached = quotaStory(chatHandlers.streamQuota);

/** Today's messages run out while the reply is being written: the quota notice, no reply. */
export const QuotaReachedMidReply = quotaStory(chatHandlers.streamQuotaEvent);

export const LockedModel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picker = await canvas.findByRole('combobox', { name: 'Model' });
    await expect(
      within(picker).getByRole('option', { name: 'Claude Sonnet (Pro plan)' }),
    ).toBeDisabled();
    await expect(canvas.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  },
};

/** Only the sandbox is configured: the demo model, named in the reader's language. */
export const SandboxModel: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.modelsSandbox),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picker = await canvas.findByRole('combobox', { name: 'Model' });
    await expect(picker).toHaveDisplayValue('Demo model');
    await expect(canvas.queryByText(/sandbox/i)).toBeNull();
  },
};

/** Vietnamese: the demo model's name, with no English beside it. */
export const SandboxModelVietnamese: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(chatHandlers.modelsSandbox),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picker = await canvas.findByRole('combobox', { name: 'Mô hình' });
    await expect(picker).toHaveDisplayValue('Mô hình thử nghiệm');
    await expect(canvas.queryByText(/sandbox/i)).toBeNull();
  },
};

/** Nothing configured, no local model installed: the banner says a demo model answers. */
export const SandboxStandsIn: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.modelsSandboxStandIn),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByRole('note', { name: 'About the demo model' });
    await expect(banner).toHaveTextContent('Demo model: sample answers, not a real AI.');
    await expect(within(banner).getByRole('button', { name: 'Dismiss' })).toBeVisible();
  },
};

export const SandboxBannerDismissed: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.modelsSandboxStandIn),
  play: async (context) => {
    await SandboxStandsIn.play?.(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('note')).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue('Demo model');
  },
};

/** Vietnamese: the demo model is explained without any command to run. */
export const SandboxStandsInVietnamese: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(chatHandlers.modelsSandboxStandIn),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByRole('note', { name: 'Về mô hình thử nghiệm' });
    await expect(banner).toHaveTextContent(
      'Mô hình thử nghiệm (demo): câu trả lời mẫu, không phải AI thật.',
    );
  },
};

/**
 * A visitor sees the attach control; it says images need an account and opens sign-in (in the
 * shell, which hosts the sign-in modal).
 */
export const VisitorAttachAsksToSignIn: Story = {
  parameters: { app: { route: '/', layout: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const attach = await canvas.findByRole('button', { name: 'Attach image (sign in first)' });
    await expect(attach).toHaveAccessibleDescription(
      'Sign in to attach images. This opens the sign-in window.',
    );
    await userEvent.click(attach);
    await expect(
      await screen.findByRole('dialog', { name: 'Welcome to AI Studio' }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** The local model answers someone else first: the reply waits its turn. */
export const QueuedForLocalModel: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamQueued),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Hello there');
    const list = canvas.getByRole('region', { name: 'Messages' });
    const reply = await within(list).findByRole('listitem', { name: 'Assistant' });
    await expect(
      await within(reply).findByText('Waiting for the local model… (2 ahead of you)'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
  },
};

export const ModelsFailed: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.modelsError),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load chat models')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A signed-in user's conversation whose history the server fails to send. */
export const HistoryFailed: Story = {
  args: { signedIn: true, userId: 'user-1', conversationId: 'conv-01' },
  parameters: { app: { route: '/home', auth: 'signedIn' } },
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.historyFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to load conversation history');
    await expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeVisible();
  },
};

export const LongConversation: Story = {
  parameters: {
    app: {
      route: '/',
      stored: { [chatStorageKey('chatMessages', 'visitor')]: JSON.stringify(conversation(40)) },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('region', { name: 'Messages' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(40);
    await expect(canvas.getByRole('button', { name: 'Clear chat' })).toBeVisible();
  },
};

/** Opens the "Clear this chat?" question from the toolbar, once the messages are shown. */
async function askToClear(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const list = await canvas.findByRole('region', { name: 'Messages' });
  await within(list).findAllByRole('listitem');
  await userEvent.click(canvas.getByRole('button', { name: 'Clear chat' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Clear this chat?' });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/** A visitor's "Clear this chat?": the conversation only leaves this browser. */
export const ClearChatVisitor: Story = {
  parameters: {
    app: {
      route: '/',
      stored: { [chatStorageKey('chatMessages', 'visitor')]: JSON.stringify(conversation(4)) },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await askToClear(canvasElement);
    await expect(dialog.getByText('The conversation is removed from this browser.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await expect(dialog.getByRole('button', { name: 'Clear chat' })).toBeEnabled();
  },
};

/** A signed-in user's "Clear this chat?": the conversation is deleted from the account too. */
export const ClearChatSignedIn: Story = {
  args: { signedIn: true, userId: 'user-1', conversationId: 'conv-01' },
  parameters: { app: { route: '/home', auth: 'signedIn' } },
  play: async ({ canvasElement }) => {
    const dialog = await askToClear(canvasElement);
    await expect(
      dialog.getByText('The conversation is deleted from your account and from this browser.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeEnabled();
  },
};

/** Clearing: the confirm button is busy while the server deletes the conversation. */
export const ClearingChat: Story = {
  ...ClearChatSignedIn,
  beforeEach: ({ msw }) => msw.use(http.delete('*/api/chat/:id', never)),
  play: async ({ canvasElement }) => {
    const dialog = await askToClear(canvasElement);
    const confirm = dialog.getByRole('button', { name: /Clear chat/ });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeDisabled();
  },
};

export const MarkdownReply: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamMarkdown),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Show me code');
    await expect(await canvas.findByRole('table')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy code' })).toBeVisible();
    // The link closes the reply: wait for the stream to reach it.
    await expect(await canvas.findByRole('link', { name: 'MDN on Set' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  },
};

export const ImageAttached: Story = {
  args: { signedIn: true, userId: 'user-1' },
  parameters: { app: { route: '/home', auth: 'signedIn' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Model' });
    const input = canvasElement.querySelector<HTMLInputElement>('[data-testid="chat-image-input"]');
    if (!input) throw new Error('No image input.');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
    await userEvent.upload(input, file);
    const chip = await canvas.findByRole('group', { name: 'Attached image' });
    await waitFor(() => expect(chip).toHaveTextContent('photo.png · ready'));
    await expect(within(chip).getByRole('button', { name: 'Remove image' })).toBeVisible();
  },
};

export const UploadFailed: Story = {
  ...ImageAttached,
  beforeEach: ({ msw }) => msw.use(chatHandlers.uploadError),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Model' });
    const input = canvasElement.querySelector<HTMLInputElement>('[data-testid="chat-image-input"]');
    if (!input) throw new Error('No image input.');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
    await userEvent.upload(input, file);
    await expect(await canvas.findByText('The file is not a supported image.')).toBeVisible();
  },
};

export const RewriteMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Model' });
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'pls help me write email');
    await userEvent.click(canvas.getByRole('button', { name: 'Improve prompt' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(7);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'More formal' }));
    await waitFor(() => expect(box).toHaveValue('[formal] pls help me write email'));
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }));
    await expect(box).toHaveValue('pls help me write email');
  },
};

/** "Improve prompt" fails: the server's words beside the composer, the draft as it was. */
export const ImproveFailed: Story = {
  beforeEach: ({ msw }) => msw.use(chatHandlers.rewriteError),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Model' });
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'pls help me write email');
    await userEvent.click(canvas.getByRole('button', { name: 'Improve prompt' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'More formal' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Server error. Please try again later.',
    );
    await expect(box).toHaveValue('pls help me write email');
    await expect(canvas.queryByRole('button', { name: 'Undo' })).toBeNull();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('combobox', { name: 'Mô hình' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Bắt đầu trò chuyện' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Gửi' })).toBeDisabled();
  },
};

export const VietnameseQuota: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamQuota),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Mô hình' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Tin nhắn' }), 'Xin chào{Enter}');
    await expect(await canvas.findByText('Đã hết lượt hôm nay')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Nâng cấp để gửi thêm tin nhắn' })).toBeVisible();
  },
};

/**
 * The chat in a block of a given height, as a page's first screen holds it (FirstScreen): the
 * messages scroll inside it and the composer stays at its bottom.
 */
const withFirstScreenHeight: Decorator = (Story) => (
  <div style={{ blockSize: '34rem', display: 'flex', flexDirection: 'column' }}>
    <Story />
  </div>
);

const storedLongConversation = {
  app: {
    route: '/',
    stored: { [chatStorageKey('chatMessages', 'visitor')]: JSON.stringify(conversation(40)) },
  },
};

/** How far the messages are from showing their end (px). */
const distanceFromBottom = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight;

/** Scrolls the messages to their top the way a reader does: a wheel turned up, then the scroll. */
async function scrollUp(list: HTMLElement) {
  await fireEvent.wheel(list, { deltaY: -400 });
  list.scrollTop = 0;
  await fireEvent.scroll(list);
}

/** A long conversation in a first screen: its newest message in view, the composer under it. */
export const FillsItsHeight: Story = {
  decorators: [withFirstScreenHeight],
  parameters: storedLongConversation,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('region', { name: 'Messages' });
    await expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
    await waitFor(() => expect(distanceFromBottom(list)).toBeLessThan(48));
    const frame = canvasElement.firstElementChild?.getBoundingClientRect();
    const send = canvas.getByRole('button', { name: 'Send' }).getBoundingClientRect();
    await expect(send.bottom).toBeLessThanOrEqual(frame?.bottom ?? 0);
    await expect(canvas.queryByRole('button', { name: 'Jump to newest' })).toBeNull();
  },
};

/**
 * The reader scrolled up while a reply streams: the reply does not pull them down, and the way
 * back to the newest is offered; taking it shows the newest and follows again.
 */
export const ScrolledUpWhileReplying: Story = {
  decorators: [withFirstScreenHeight],
  parameters: storedLongConversation,
  beforeEach: ({ msw }) => msw.use(chatHandlers.streamSlow),
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'Tell me more about the royal tombs');
    const list = canvas.getByRole('region', { name: 'Messages' });
    await canvas.findByRole('button', { name: 'Stop' });
    await waitFor(() => expect(distanceFromBottom(list)).toBeLessThan(48));

    await scrollUp(list);
    const jump = await canvas.findByRole('button', { name: 'Jump to newest' });
    // The reply finishes while the reader is up: they stay where they were.
    await canvas.findByRole('button', { name: 'Send' }, { timeout: 10_000 });
    await expect(list.scrollTop).toBe(0);

    await userEvent.click(jump);
    await waitFor(() => expect(distanceFromBottom(list)).toBeLessThan(48));
    await expect(canvas.queryByRole('button', { name: 'Jump to newest' })).toBeNull();
    await expect(list).toHaveFocus();
  },
};

/** Scrolled up, then back down by hand: following resumes and the offer goes away. */
export const BackAtTheBottom: Story = {
  decorators: [withFirstScreenHeight],
  parameters: storedLongConversation,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('region', { name: 'Messages' });
    await waitFor(() => expect(distanceFromBottom(list)).toBeLessThan(48));
    await scrollUp(list);
    await canvas.findByRole('button', { name: 'Jump to newest' });
    list.scrollTop = list.scrollHeight;
    await fireEvent.scroll(list);
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Jump to newest' })).toBeNull(),
    );
  },
};

/** Vietnamese: the way back to the newest, in the reader's language. */
export const ScrolledUpVietnamese: Story = {
  globals: { locale: 'vi' },
  decorators: [withFirstScreenHeight],
  parameters: storedLongConversation,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('region', { name: 'Tin nhắn' });
    await waitFor(() => expect(distanceFromBottom(list)).toBeLessThan(48));
    await scrollUp(list);
    await expect(
      await canvas.findByRole('button', { name: 'Xuống tin nhắn mới nhất' }),
    ).toBeVisible();
  },
};
