import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';
import { SharedLinksSection } from './SharedLinksSection';

/** /profile's list of the user's live share links. */
const meta = {
  title: 'App/Conversations/SharedLinksSection',
  component: SharedLinksSection,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { app: { auth: 'signedIn', route: '/profile' } },
} satisfies Meta<typeof SharedLinksSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your shared links' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Planning a weekend in Da Lat');
    const open = within(items[0] as HTMLElement).getByRole('link', { name: /^Open / });
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

export const Revoke: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your shared links' });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Revoke link to Viết email xin nghỉ phép' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    await findToast('Share link revoked');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  },
};

/** 'Revoke this link?' after the API refused: the error in the dialog, the link still listed. */
export const RevokeFailure: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.revokeFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your shared links' });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Revoke link to Viết email xin nghỉ phép' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    await expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Server error. Please try again later.',
    );
    // Behind the dialog (hidden from the accessibility tree while it is open), still listed.
    await expect(list).toHaveTextContent('Viết email xin nghỉ phép');
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.linksEmpty),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No shared links')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.linksPending),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading shared links…')).toBeVisible();
  },
};

export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.linksFailure),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't load your shared links");
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Các liên kết chia sẻ của bạn' });
    await expect(
      within(list).getAllByRole('button', { name: /^Thu hồi liên kết tới/ }),
    ).toHaveLength(2);
  },
};
