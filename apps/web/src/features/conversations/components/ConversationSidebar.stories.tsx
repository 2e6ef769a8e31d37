import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { never } from '../../../mocks/responses';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';
import { ConversationSidebar } from './ConversationSidebar';

/**
 * /home's conversation list. Every call answers from the MSW handlers (25 sample conversations,
 * 20 a page); selecting, starting a new chat and deletions reach the page as spies.
 */
const meta = {
  title: 'App/Conversations/ConversationSidebar',
  component: ConversationSidebar,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { activeId: 'conv-02', onSelect: fn(), onNewChat: fn(), onDeleted: fn() },
  parameters: { app: { auth: 'signedIn', route: '/home', width: 360 } },
} satisfies Meta<typeof ConversationSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const findList = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('list', { name: 'Your conversations' });

export const List: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = await findList(canvasElement);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await expect(canvas.getByRole('button', { name: /^Viết email xin nghỉ phép/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('button', { name: /^Công thức phở bò/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('conv-04');
    await userEvent.click(canvas.getByRole('button', { name: 'New chat' }));
    await expect(args.onNewChat).toHaveBeenCalled();
  },
};

export const LoadMore: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await findList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    await expect(canvas.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  },
};

export const LoadMoreFailure: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.listMoreFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      "We couldn't load more conversations",
    );
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.listPending),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading conversations…')).toBeInTheDocument();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.listEmpty),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No conversations yet')).toBeVisible();
  },
};

export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.listFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't load your conversations");
    await expect(alert).toHaveTextContent('Server error. Please try again later.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search conversations' }), 'phở');
    // The search waits 300 ms for typing to pause, then asks the server; the list is drawn anew.
    await waitFor(async () =>
      expect(within(await findList(canvasElement)).getAllByRole('listitem')).toHaveLength(1),
    );
    await expect(await findList(canvasElement)).toHaveTextContent('Công thức phở bò');
  },
};

export const SearchWithoutMatches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox'), 'quantum');
    await expect(await canvas.findByText('No matching conversations')).toBeVisible();
  },
};

export const Rename: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Actions for Planning a weekend in Da Lat' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await canvas.findByRole('textbox', { name: 'Conversation title' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.clear(field);
    await userEvent.type(field, 'Da Lat, two days{Enter}');
    await expect(await canvas.findByRole('button', { name: /^Da Lat, two days/ })).toBeVisible();
  },
};

export const RenameCancelled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Actions for Planning a weekend in Da Lat' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await canvas.findByRole('textbox', { name: 'Conversation title' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('Something else{Escape}');
    const title = await canvas.findByRole('button', { name: /^Planning a weekend in Da Lat/ });
    await waitFor(() => expect(title).toHaveFocus());
  },
};

export const DeleteConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for Công thức phở bò' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    await expect(dialog).toHaveTextContent('Công thức phở bò');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    await findToast('Conversation deleted');
    await expect(args.onDeleted).toHaveBeenCalledWith('conv-04');
  },
};

export const DeleteFailure: Story = {
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.removeFailure),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for Công thức phở bò' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    await expect(
      await within(dialog).findByText('Server error. Please try again later.'),
    ).toBeVisible();
    await expect(args.onDeleted).not.toHaveBeenCalled();
  },
};

/** 'Delete this conversation?' while the delete runs: the confirm button busy, Cancel disabled. */
export const Deleting: Story = {
  beforeEach: ({ msw }) => msw.use(http.delete('*/api/chat/:id', never)),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for Công thức phở bò' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    await expect(
      await within(dialog).findByRole('button', { name: /^Delete conversation\s*Loading/ }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(args.onDeleted).not.toHaveBeenCalled();
  },
};

export const OpensShareDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for Công thức phở bò' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share conversation' });
    await expect(dialog).toHaveTextContent('Anyone with the link can read “Công thức phở bò”.');
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Các cuộc trò chuyện của bạn' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await expect(canvas.getByRole('button', { name: 'Trò chuyện mới' })).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Tìm cuộc trò chuyện' })).toBeVisible();
  },
};

/**
 * Under 640 px the list folds away until asked for; the toggle (hidden on wider screens) says
 * whether it is open.
 */
export const PhoneFolded: Story = {
  parameters: { screen: { width: 390, height: 844 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', { name: 'Show conversations' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('searchbox', { name: 'Search conversations' })).toBeNull();
    await userEvent.click(toggle);
    const hide = canvas.getByRole('button', { name: 'Hide conversations' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await findList(canvasElement);
  },
};
