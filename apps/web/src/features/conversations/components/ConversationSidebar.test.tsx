import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidateQueries } from '../../../lib/query';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';
import { jobsHandlers, sampleJobId } from '../../../mocks/handlers/jobs';
import { renderInApp } from '../../../test/render';
import { server } from '../../../test/server';
import { conversationsQueryKey } from '../api/listConversations';
import { ConversationSidebar, type ConversationSidebarProps } from './ConversationSidebar';

afterEach(() => vi.restoreAllMocks());

function renderSidebar(props: Partial<ConversationSidebarProps> = {}) {
  const callbacks = { onSelect: vi.fn(), onNewChat: vi.fn(), onDeleted: vi.fn() };
  const rendered = renderInApp(
    <ConversationSidebar activeId="conv-02" {...callbacks} {...props} />,
  );
  return { ...rendered, ...callbacks };
}

const listItems = async () =>
  within(await screen.findByRole('list', { name: 'Your conversations' })).getAllByRole('listitem');

// Menus, dialogs and typing take a few seconds each on a busy machine.
describe('ConversationSidebar', { timeout: 20_000 }, () => {
  it('lists conversations newest first, marks the active one and selects on click', async () => {
    const { user, onSelect, onNewChat } = renderSidebar();
    const items = await listItems();
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent('Planning a weekend in Da Lat');
    const active = screen.getByRole('button', { name: /^Viết email xin nghỉ phép/ });
    expect(active).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: /^Công thức phở bò/ }));
    expect(onSelect).toHaveBeenCalledWith('conv-04');
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(onNewChat).toHaveBeenCalledOnce();
  });

  it('loads the next page with "Load more" and then offers no more', async () => {
    const { user } = renderSidebar();
    await listItems();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await listItems()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('searches once typing pauses, and says when nothing matches', async () => {
    const searches: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/api/chat/conversations')) {
        searches.push(url.searchParams.get('search') ?? '');
      }
    });
    const { user } = renderSidebar();
    await listItems();
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'phở');
    await waitFor(async () => expect(await listItems()).toHaveLength(1));
    expect((await listItems())[0]).toHaveTextContent('Công thức phở bò');
    // One request for the whole word, not one per key.
    expect(searches).toEqual(['', 'phở']);
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No matching conversations')).toBeVisible();
    expect(screen.getByText('Nothing matches “phởzzz”. Try other words.')).toBeVisible();
    server.events.removeAllListeners();
  });

  it('folds the list on small screens behind a toggle that says whether it is open', async () => {
    const { user } = renderSidebar();
    await listItems();
    const toggle = screen.getByRole('button', { name: 'Show conversations' });
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body).toHaveAttribute('data-collapsed', 'true');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide conversations' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(body).toHaveAttribute('data-collapsed', 'false');
  });

  it('shows the empty state', async () => {
    server.use(conversationsHandlers.listEmpty);
    renderSidebar();
    expect(await screen.findByText('No conversations yet')).toBeVisible();
  });

  it('shows a failure with the server text and tries again', async () => {
    server.use(conversationsHandlers.listFailure);
    const { user } = renderSidebar();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your conversations");
    expect(alert).toHaveTextContent('Server error. Please try again later.');
    server.use(conversationsHandlers.list);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await listItems()).toHaveLength(20);
  });

  it('renames inline: Enter saves the trimmed title with PATCH', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.patch('*/api/chat/:id', async ({ request, params }) => {
        const body = (await request.json()) as { title: string };
        bodies.push({ id: params['id'], ...body });
        return HttpResponse.json({
          id: 'conv-01',
          title: body.title,
          modelId: null,
          createdAt: '2026-11-21T09:30:00.000Z',
          updatedAt: '2026-11-21T09:30:00.000Z',
          messageCount: 2,
          preview: '',
        });
      }),
    );
    const { user } = renderSidebar();
    await listItems();
    await user.click(
      screen.getByRole('button', { name: 'Actions for Planning a weekend in Da Lat' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByRole('textbox', { name: 'Conversation title' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.clear(field);
    await user.type(field, '  Da Lat trip {Enter}');
    expect(await screen.findByRole('button', { name: /^Da Lat trip/ })).toBeVisible();
    expect(bodies).toEqual([{ id: 'conv-01', title: 'Da Lat trip' }]);
  });

  describe('rename that sends nothing', () => {
    const openRename = async (user: ReturnType<typeof renderSidebar>['user']) => {
      await listItems();
      await user.click(
        screen.getByRole('button', { name: 'Actions for Planning a weekend in Da Lat' }),
      );
      await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
      const field = await screen.findByRole('textbox', { name: 'Conversation title' });
      await waitFor(() => expect(field).toHaveFocus());
      return field;
    };
    const stillTitled = async () => {
      const title = await screen.findByRole('button', { name: /^Planning a weekend in Da Lat/ });
      expect(title).toBeVisible();
      // Back where the keyboard was before renaming.
      await waitFor(() => expect(title).toHaveFocus());
    };

    it('Escape cancels what was typed', async () => {
      const patch = vi.fn(() => HttpResponse.json({}, { status: 500 }));
      server.use(http.patch('*/api/chat/:id', patch));
      const { user } = renderSidebar();
      const field = await openRename(user);
      await user.keyboard('Other{Escape}');
      expect(field).not.toBeInTheDocument();
      await stillTitled();
      expect(patch).not.toHaveBeenCalled();
    });

    it('an empty title is ignored', async () => {
      const patch = vi.fn(() => HttpResponse.json({}, { status: 500 }));
      server.use(http.patch('*/api/chat/:id', patch));
      const { user } = renderSidebar();
      await openRename(user);
      await user.keyboard('{Backspace}{Enter}');
      await stillTitled();
      expect(patch).not.toHaveBeenCalled();
    });

    it('an unchanged title is ignored', async () => {
      const patch = vi.fn(() => HttpResponse.json({}, { status: 500 }));
      server.use(http.patch('*/api/chat/:id', patch));
      const { user } = renderSidebar();
      await openRename(user);
      await user.keyboard('{Enter}');
      await stillTitled();
      expect(patch).not.toHaveBeenCalled();
    });
  });

  it('deletes after confirming, and tells the caller', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/chat/:id', ({ params }) => {
        deleted.push(String(params['id']));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, onDeleted } = renderSidebar();
    await listItems();
    await user.click(screen.getByRole('button', { name: 'Actions for Công thức phở bò' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    expect(dialog).toHaveTextContent('“Công thức phở bò” and all its messages will be deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Công thức phở bò/ })).not.toBeInTheDocument(),
    );
    expect(deleted).toEqual(['conv-04']);
    expect(onDeleted).toHaveBeenCalledWith('conv-04');
  });

  it('keeps the conversation and says why when deleting fails', async () => {
    server.use(conversationsHandlers.removeFailure);
    const { user, onDeleted } = renderSidebar();
    await listItems();
    await user.click(screen.getByRole('button', { name: 'Actions for Công thức phở bò' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    expect(await within(dialog).findByText('Server error. Please try again later.')).toBeVisible();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('exports as Markdown in the background: follows the job, then saves its file', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const started: string[] = [];
    server.events.on('request:start', ({ request }) => void started.push(request.url));
    const { user } = renderSidebar();
    await listItems();
    await user.click(screen.getByRole('button', { name: 'Actions for Công thức phở bò' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export as Markdown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export conversation' });
    expect(
      await within(dialog).findByText('Downloaded Công thức phở bò-2026-11-21.md.'),
    ).toBeVisible();
    server.events.removeAllListeners();
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'Công thức phở bò-2026-11-21.md',
    );
    expect(started.map((url) => new URL(url).pathname)).toEqual(
      expect.arrayContaining([
        '/api/chat/export/conv-04/jobs',
        `/api/jobs/${sampleJobId}/events`,
        `/api/jobs/${sampleJobId}/result`,
      ]),
    );
  });

  it('cancels a running export, and says why one failed with a retry that resumes', async () => {
    server.use(jobsHandlers.running);
    const { user } = renderSidebar();
    await listItems();
    await user.click(screen.getByRole('button', { name: 'Actions for Công thức phở bò' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export as JSON' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export conversation' });
    const bar = await within(dialog).findByRole('progressbar', { name: 'Reading messages…' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel export' }));
    expect(await within(dialog).findByText('Export cancelled.')).toBeVisible();

    server.use(jobsHandlers.fails);
    await user.click(within(dialog).getByRole('button', { name: 'Export again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The conversation no longer exists.',
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.use(jobsHandlers.completes);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/^Downloaded /)).toBeVisible();
  });

  it('reads the list again when the conversations are invalidated, keeping the old one meanwhile', async () => {
    function WithRefresh() {
      return (
        <>
          <button type="button" onClick={() => invalidateQueries(conversationsQueryKey)}>
            Refresh
          </button>
          <ConversationSidebar
            activeId={null}
            onSelect={vi.fn()}
            onNewChat={vi.fn()}
            onDeleted={vi.fn()}
          />
        </>
      );
    }
    const { user } = renderInApp(<WithRefresh />);
    await listItems();
    let release = () => {};
    server.use(
      http.get('*/api/chat/conversations', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({
          items: [
            {
              id: 'conv-new',
              title: 'Brand new chat',
              modelId: null,
              createdAt: '2026-11-21T10:00:00.000Z',
              updatedAt: '2026-11-21T10:00:00.000Z',
              messageCount: 2,
              preview: '',
            },
          ],
          page: 1,
          pageSize: 20,
          total: 1,
        });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const list = screen.getByRole('list', { name: 'Your conversations' });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'true'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    release();
    await waitFor(async () => expect(await listItems()).toHaveLength(1));
    expect(screen.getByRole('button', { name: /^Brand new chat/ })).toBeVisible();
  });
});
