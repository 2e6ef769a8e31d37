import type { JobProgress, JobStreamEvent } from '@studio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { never } from '../../../mocks/responses';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
import { jobsHandlers, sampleExportJob } from '../../../mocks/handlers/jobs';
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

const frame = (event: JobStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** The job's `state` event while it runs at `progress`. */
const runningAt = (jobId: string, progress: JobProgress): JobStreamEvent => ({
  type: 'state',
  data: sampleExportJob({ id: jobId, state: 'running', progress }),
});

/**
 * The job's events as a story needs them: `events` one after another (`pause` ms apart), then the
 * stream stays open (the job goes on) or closes; `once` answers only the first follow.
 */
function jobEvents(
  events: (jobId: string) => JobStreamEvent[],
  { pause = 0, closes = false, once = false } = {},
) {
  return http.get<{ id: string }>(
    '*/api/jobs/:id/events',
    ({ params }) => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          try {
            for (const [index, event] of events(params.id).entries()) {
              if (index > 0 && pause) await delay(pause);
              controller.enqueue(encoder.encode(frame(event)));
            }
            if (closes) controller.close();
          } catch {
            // The dialog stopped following: nothing more to send.
          }
        },
      });
      return new HttpResponse(body, {
        headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
      });
    },
    { once },
  );
}

/** How many times the story's job events were asked for (each new follow of the job). */
let follows = 0;

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

/** Asked for the export, the job not queued yet: 'Starting…', no progress, Cancel not yet possible. */
export const Starting: Story = {
  beforeEach: ({ msw }) => msw.use(http.post('*/api/chat/export/:id/jobs', never)),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Starting…' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(within(dialog).getByRole('button', { name: 'Cancel export' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Hide' })).toBeEnabled();
  },
};

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

/** The job writes the file: 'Writing the file…' at 85 %. */
export const WritingTheFile: Story = {
  beforeEach: ({ msw }) =>
    msw.use(jobEvents((id) => [runningAt(id, { percent: 85, stage: 'writing' })])),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Writing the file…' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '85'));
    await expect(dialog).toHaveTextContent('85%');
    await expect(within(dialog).getByRole('button', { name: 'Cancel export' })).toBeEnabled();
  },
};

/** The job stores the file it wrote: 'Saving the file…' at 90 %. */
export const SavingTheFile: Story = {
  beforeEach: ({ msw }) =>
    msw.use(jobEvents((id) => [runningAt(id, { percent: 90, stage: 'storing' })])),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Saving the file…' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '90'));
    await expect(dialog).toHaveTextContent('90%');
  },
};

/** The job is done and its file is on its way: 'Downloading…' at 100 %, Cancel disabled. */
export const Downloading: Story = {
  beforeEach: ({ msw }) => msw.use(http.get('*/api/jobs/:id/result', never)),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Downloading…' });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(within(dialog).getByRole('button', { name: 'Cancel export' })).toBeDisabled();
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

/** The job completed but its file could not be fetched (404): the reason, and Try again. */
export const DownloadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(jobsHandlers.resultFailure),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't export the conversation");
    await expect(alert).toHaveTextContent('The requested resource was not found.');
    await expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * The connection to the job breaks and every new try fails too (about 15 s of tries, 5 of them
 * waited for here): §8's network words, and Try again to follow it once more.
 */
export const ConnectionLost: Story = {
  beforeEach: ({ msw }) => {
    msw.use(jobsHandlers.eventsBroken);
    follows = 0;
    const counted = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/events')) follows += 1;
    };
    msw.events.on('request:start', counted);
    return () => msw.events.removeListener('request:start', counted);
  },
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    // The dialog keeps following (the job goes on) before it gives up: wait through the tries.
    await waitFor(() => expect(follows).toBeGreaterThanOrEqual(5));
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't export the conversation");
    await expect(alert).toHaveTextContent('Network error. Please check your connection.');
    await expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * The job was heard running, then its queue no longer had it (the follow answers 404): failed in
 * the API's words for an interrupted job.
 */
export const JobInterrupted: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      jobEvents((id) => [runningAt(id, { percent: 40, stage: 'reading' })], {
        closes: true,
        once: true,
      }),
      http.get('*/api/jobs/:id/events', () =>
        HttpResponse.json({ message: 'The requested resource was not found.' }, { status: 404 }),
      ),
    ),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't export the conversation");
    await expect(alert).toHaveTextContent(
      'The server working on this stopped before it finished. Please try again.',
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

/** Hidden while it runs, then the job fails: a toast says the export failed, and why. */
export const HiddenWhileRunningFails: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      jobEvents(
        (id) => [
          runningAt(id, { percent: 0, stage: 'reading' }),
          { type: 'progress', data: { percent: 40, stage: 'reading' } },
          {
            type: 'state',
            data: sampleExportJob({
              id,
              state: 'failed',
              progress: { percent: 40, stage: 'reading' },
              error: 'The conversation no longer exists.',
              finishedAt: '2026-11-21T09:30:00.000Z',
            }),
          },
        ],
        { pause: 1500, closes: true },
      ),
    ),
  play: async ({ canvasElement }) => {
    const dialog = await exportConversation(canvasElement);
    await within(dialog).findByRole('progressbar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await findToast("We couldn't export the conversation");
    // The job's own reason, as the dialog gives it (not a generic "Something went wrong").
    await findToast('The conversation no longer exists.');
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
