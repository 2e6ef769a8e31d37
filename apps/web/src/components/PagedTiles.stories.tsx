import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, EmptyState, Text } from '@studio/ui';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { PagedList, PagedState } from '../lib/query';
import { VisitorStorageUnavailableError } from '../lib/visitor/visitorStorage';
import { applyAppHandlers, withAppProviders } from '../testing/storybook';
import { PagedTiles } from './PagedTiles';

/**
 * The states every paged list shows (the gallery, the clips, the pieces, the library), on a list
 * of notes: each list passes its own texts, empty state and cards.
 */

const notes = ['First note', 'Second note', 'Third note', 'Fourth note'];

interface ExampleProps extends Omit<PagedList<string>, 'state' | 'idOf' | 'removeOptimistically'> {
  state: PagedState<string>;
}

function Example(list: ExampleProps) {
  return (
    <PagedTiles
      list={{ ...list, idOf: (note) => note, removeOptimistically: () => () => {} }}
      label="Notes"
      minItemWidth="sm"
      placeholders={{ count: 3, height: '6rem' }}
      texts={{
        loading: 'Loading the notes…',
        loadFailed: "We couldn't load your notes",
        unavailableTitle: "This browser can't keep your notes",
        unavailableDescription: 'Allow this site to store data, or sign in.',
        retry: 'Try again',
        loadMore: 'Load more',
        loadMoreFailed: (reason) => `More notes could not be loaded. ${reason}`,
      }}
      empty={<EmptyState headingLevel={3} bordered title="No notes yet" />}
      renderItem={(note) => (
        <li>
          <Card>
            <Text as="p">{note}</Text>
          </Card>
        </li>
      )}
    />
  );
}

const meta = {
  title: 'App/Components/PagedTiles',
  component: Example,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    state: { status: 'ready', items: notes, refreshing: false },
    hasMore: false,
    loadingMore: false,
    loadMoreError: null,
    loadMore: fn(),
    retry: fn(),
  },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Listed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Notes' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await expect(list).not.toHaveAttribute('aria-busy');
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { state: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading the notes…')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { state: { status: 'error', error: new Error('offline') } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't load your notes");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.retry).toHaveBeenCalled();
  },
};

export const StorageUnavailable: Story = {
  args: { state: { status: 'error', error: new VisitorStorageUnavailableError() } },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent("This browser can't keep your notes");
    await expect(alert).toHaveTextContent('Allow this site to store data, or sign in.');
  },
};

export const Empty: Story = {
  args: { state: { status: 'ready', items: [], refreshing: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const MoreToLoad: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(args.loadMore).toHaveBeenCalled();
  },
};

/** Read again (a new item elsewhere) or the next page on its way: the list says it is busy. */
export const LoadingMore: Story = {
  args: { hasMore: true, loadingMore: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Notes' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const LoadMoreFailed: Story = {
  args: { hasMore: true, loadMoreError: new Error('offline') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('More notes could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Load more' })).toBeEnabled();
  },
};
