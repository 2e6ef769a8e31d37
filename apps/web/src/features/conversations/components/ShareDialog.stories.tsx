import type { ShareStatusResponse } from '@studio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { never } from '../../../mocks/responses';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';
import { ShareDialog } from './ShareDialog';

/** Sharing one conversation: each step of the dialog, with its MSW answer. */
const meta = {
  title: 'App/Conversations/ShareDialog',
  component: ShareDialog,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    open: true,
    onOpenChange: fn(),
    conversationId: 'conv-01',
    title: 'Planning a weekend in Da Lat',
  },
  parameters: { app: { auth: 'signedIn', route: '/home' } },
} satisfies Meta<typeof ShareDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const findDialog = () => screen.findByRole('dialog', { name: 'Share conversation' });

/** How long the dialog says 'Copied' (or that copying failed) before it offers 'Copy link' again. */
const copyStatusMs = 2000;

/**
 * The clipboard answering as `writeText` says, and the copy's answer held on screen (its 2-second
 * return to 'Copy link' never comes), so the story rests on what the copy said. Returns the undo.
 */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const setTimeoutBefore = window.setTimeout;
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
    timeout === copyStatusMs
      ? 0
      : setTimeoutBefore(handler, timeout, ...rest)) as typeof window.setTimeout;
  return () => {
    window.setTimeout = setTimeoutBefore;
    // The browser's own clipboard (a getter of Navigator.prototype) shows through again.
    Reflect.deleteProperty(navigator, 'clipboard');
  };
}

export const NotShared: Story = {
  play: async () => {
    const dialog = await findDialog();
    const expiry = await within(dialog).findByRole('combobox', { name: 'Link expires after' });
    await expect(expiry).toHaveValue('7');
    await expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeVisible();
  },
};

/** A Pro account is offered the year Pro promises (the status says the plan's maximum). */
export const ProYear: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.shareStatusPro),
  play: async () => {
    const dialog = await findDialog();
    const expiry = await within(dialog).findByRole('combobox', { name: 'Link expires after' });
    await expect(
      within(expiry)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 day', '7 days', '30 days', '90 days', '365 days']);
    await userEvent.selectOptions(expiry, '365');
    await expect(expiry).toHaveValue('365');
  },
};

export const CreateLink: Story = {
  play: async () => {
    const dialog = await findDialog();
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Link expires after' }),
      '30',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Share link' });
    // Rebuilt on this origin, not the server's internal address.
    await expect(link).toHaveValue(`${window.location.origin}/share/slug-conv-01`);
    await expect(within(dialog).getByText(/^Shared until /)).toBeVisible();
  },
};

export const Shared: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.shareStatusShared),
  play: async () => {
    const dialog = await findDialog();
    await expect(await within(dialog).findByRole('textbox', { name: 'Share link' })).toHaveValue(
      `${window.location.origin}/share/slug-conv-01`,
    );
    await expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Revoke link' })).toBeVisible();
  },
};

/** A link with no end date: the line under it says only that the conversation is shared. */
export const SharedWithoutExpiry: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.get<{ id: string }>('*/api/chat/share/status/:id', ({ params }) =>
        HttpResponse.json<ShareStatusResponse>({
          isShared: true,
          slug: `slug-${params.id}`,
          shareUrl: `https://api.internal.example/share/slug-${params.id}`,
          expiresAt: null,
          maxExpiresInDays: 30,
        }),
      ),
    ),
  play: async () => {
    const dialog = await findDialog();
    await expect(await within(dialog).findByRole('textbox', { name: 'Share link' })).toHaveValue(
      `${window.location.origin}/share/slug-conv-01`,
    );
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      'This conversation is shared.',
    );
    await expect(within(dialog).queryByText(/^Shared until /)).not.toBeInTheDocument();
  },
};

/** 'Copy link' pressed: the button says 'Copied' with a tick (held here; the app resets it after 2 s). */
export const LinkCopied: Story = {
  beforeEach: ({ msw }) => {
    msw.use(conversationsHandlers.shareStatusShared);
    return stubClipboard(() => Promise.resolve());
  },
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Copy link' }));
    await expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(within(dialog).getByRole('status')).toHaveTextContent(/^Shared until /);
  },
};

/** The browser refused the copy: the line under the link says to copy it by hand (held here). */
export const CopyFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(conversationsHandlers.shareStatusShared);
    return stubClipboard(() =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    );
  },
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Copy link' }));
    await expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Copying failed: select the link and copy it yourself.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
  },
};

/** 'Revoke link' pressed: the question 'Revoke this link?' over the dialog, nothing sent yet. */
export const RevokeAsked: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.shareStatusShared),
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Revoke link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await expect(confirm).toHaveTextContent(
      'The link will stop working at once for everyone who has it.',
    );
    await expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(within(confirm).getByRole('button', { name: 'Revoke link' })).toBeEnabled();
  },
};

/** 'Revoke this link?' while the revoke runs: the confirm button busy, Cancel disabled. */
export const Revoking: Story = {
  beforeEach: ({ msw }) =>
    msw.use(conversationsHandlers.shareStatusShared, http.delete('*/api/chat/share/:id', never)),
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Revoke link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    await expect(
      await within(confirm).findByRole('button', { name: /^Revoke link\s*Loading/ }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const Revoke: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.shareStatusShared),
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Revoke link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    // The dialog stays open, so the toast region outside it is hidden from the accessibility
    // tree (Radix hides the page behind a modal): look for its text, and for the fresh state.
    await expect(await screen.findByText('Share link revoked')).toBeVisible();
    await expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeVisible();
  },
};

export const RevokeFailure: Story = {
  beforeEach: ({ msw }) =>
    msw.use(conversationsHandlers.shareStatusShared, conversationsHandlers.revokeFailure),
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Revoke link' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    await expect(
      await within(confirm).findByText('Server error. Please try again later.'),
    ).toBeVisible();
  },
};

/** 'Create link' while the API makes the link: the button busy (spinner), the request unanswered. */
export const Creating: Story = {
  beforeEach: ({ msw }) => msw.use(http.post('*/api/chat/share', never)),
  play: async () => {
    const dialog = await findDialog();
    const create = await within(dialog).findByRole('button', { name: 'Create link' });
    await userEvent.click(create);
    await waitFor(() => expect(create).toHaveAttribute('aria-busy', 'true'));
    await expect(create).toHaveAccessibleName(/^Create link\s*Loading/);
    await expect(
      within(dialog).getByRole('combobox', { name: 'Link expires after' }),
    ).toBeVisible();
  },
};

export const CreateError: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.shareFailure),
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't create the link: Sharing is not available right now.",
    );
  },
};

/** Create refused by the plan's limit on active links (403): the API's words, with the way out. */
export const CreateLinkLimitReached: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.post('*/api/chat/share', () =>
        HttpResponse.json(
          {
            message:
              'Your plan allows 5 active share links. Revoke one, or upgrade at /plans for more.',
          },
          { status: 403 },
        ),
      ),
    ),
  play: async () => {
    const dialog = await findDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't create the link: Your plan allows 5 active share links. Revoke one, or upgrade at /plans for more.",
    );
    await expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeEnabled();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.shareStatusPending),
  play: async () => {
    const dialog = await findDialog();
    await expect(await within(dialog).findByText('Checking the share link…')).toBeVisible();
  },
};

export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.shareStatusFailure),
  play: async () => {
    const dialog = await findDialog();
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't check the share link");
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The status request never reached the server: §8's network words, and Try again. */
export const LoadNetworkError: Story = {
  beforeEach: ({ msw }) =>
    msw.use(http.get('*/api/chat/share/status/:id', () => HttpResponse.error())),
  play: async () => {
    const dialog = await findDialog();
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't check the share link");
    await expect(alert).toHaveTextContent('Network error. Please check your connection.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.shareStatusShared),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Chia sẻ cuộc trò chuyện' });
    await expect(
      await within(dialog).findByRole('button', { name: 'Sao chép liên kết' }),
    ).toBeVisible();
    await expect(within(dialog).getByText(/^Đang chia sẻ đến /)).toBeVisible();
    // One button named "Đóng" (the corner one); the footer's says what it does.
    await expect(within(dialog).getAllByRole('button', { name: 'Đóng' })).toHaveLength(1);
    await expect(within(dialog).getByRole('button', { name: 'Xong' })).toBeVisible();
  },
};
