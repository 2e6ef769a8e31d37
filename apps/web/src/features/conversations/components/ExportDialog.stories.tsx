import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
import { jobsHandlers } from '../../../mocks/handlers/jobs';
import { ConversationSidebar } from './ConversationSidebar';

/**
 * A conversation's export as a background job, started from its menu in the conversation list:
 * each story makes the job go one way (MSW), from queued to completed, failed or cancelled.
 * The file download is stubbed so the story only sees that it was handed to the browser.
 */
const meta = {
  title: 'App/Conversations/ExportDialog',
  component: ConversationSidebar,
  decorators: [withAppProviders],
  beforeEach: (context) => {
    applyAppHandlers(context);
    const click = HTMLAnchorElement.prototype.click;
    // The file is handed over (a download link clicked), never really saved by the test browser.
    HTMLAnchorElement.prototype.click = function stubbed(this: HTMLAnchorElement) {
      if (!this.download) click.call(this);
    };
    return () => {
      HTMLAnchorElement.prototype.click = click;
    };
  },
  args: { activeId: 'conv-02', onSelect: fn(), onNewChat: fn(), onDeleted: fn() },
  parameters: { app: { auth: 'signedIn', route: '/home', width: 360 } },
} satisfies Meta<typeof ConversationSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

async function exportConversation(
  canvasElement: HTMLElement,
  { actions = 'Actions for Công thức phở bò', item = 'Export as Markdown' } = {},
) {
  const canvas = within(canvasElement);
  await canvas.findByRole('list');
  await userEvent.click(canvas.getByRole('button', { name: actions }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

export const Queued: Story = {
  beforeEach: ({ msw }) => msw.use(jobsHandlers.queued),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    await expect(dialog).toHaveAccessibleName('Export conversation');
    await expect(dialog).toHaveTextContent('“Công thức phở bò” as Markdown.');
    const bar = await within(dialog).findByRole('progressbar', { name: 'Waiting for its turn…' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(within(dialog).getByRole('button', { name: 'Cancel export' })).toBeEnabled();
  },
};

export const Running: Story = {
  beforeEach: ({ msw }) => msw.use(jobsHandlers.running),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Reading messages…' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    await expect(dialog).toHaveTextContent('40%');
    await expect(dialog).toHaveTextContent(
      "You can close this: the file still downloads when it's ready.",
    );
  },
};

export const Completed: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    await expect(
      await within(dialog).findByText('Downloaded Công thức phở bò-2026-11-21.md.'),
    ).toBeVisible();
    await expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Download again' })).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach: ({ msw }) => msw.use(jobsHandlers.fails),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement, { item: 'Export as JSON' });
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't export the conversation");
    await expect(alert).toHaveTextContent('The conversation no longer exists.');
    await expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Cancel while it reads: the job's events end it as cancelled; it can be exported again. */
export const Cancelled: Story = {
  beforeEach: ({ msw }) => msw.use(jobsHandlers.running),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    await within(dialog).findByRole('progressbar', { name: 'Reading messages…' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel export' }));
    await expect(await within(dialog).findByText('Export cancelled.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Export again' })).toBeVisible();
  },
};

/** The export could not start (the conversation is gone): the reason, and a retry that works. */
export const StartFailure: Story = {
  beforeEach: ({ msw }) => msw.use(jobsHandlers.startFailure),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The requested resource was not found.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Hidden while it runs: the export goes on, and a toast says when the file is saved. */
export const HiddenWhileRunning: Story = {
  beforeEach: ({ msw }) => msw.use(jobsHandlers.completesSlowly),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    await within(dialog).findByRole('progressbar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await findToast('Downloaded Công thức phở bò-2026-11-21.md');
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  beforeEach: ({ msw }) => msw.use(jobsHandlers.running),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement, {
      actions: 'Thao tác với Công thức phở bò',
      item: 'Xuất ra Markdown',
    });
    await expect(dialog).toHaveAccessibleName('Xuất cuộc trò chuyện');
    await within(dialog).findByRole('progressbar', { name: 'Đang đọc tin nhắn…' });
    await expect(within(dialog).getByRole('button', { name: 'Hủy xuất tệp' })).toBeVisible();
  },
};
