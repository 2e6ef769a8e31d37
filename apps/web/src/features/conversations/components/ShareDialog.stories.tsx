import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
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
