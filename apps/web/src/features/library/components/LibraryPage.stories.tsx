import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  importHandler,
  libraryHandlers,
  libraryWithDeletes,
} from '../../../mocks/handlers/library';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { LibraryPage } from './LibraryPage';
import { browserThings, inBrowser } from './libraryStoryFixtures';

const meta = {
  title: 'App/Library/LibraryPage',
  component: LibraryPage,
  decorators: [inBrowser(), withAppProviders],
  beforeEach: applyAppHandlers,
  args: { account: 'user-linh' },
  parameters: { app: { route: '/library', auth: 'signedIn' } },
} satisfies Meta<typeof LibraryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const at = (route: string) => ({ app: { route, auth: 'signedIn' as const } });
const visitor = { args: { account: null }, parameters: { app: { route: '/library' } } } as const;

/** The list once loaded (named by its tab), and its cards. */
async function loadedList(canvasElement: HTMLElement, name: string) {
  const list = await within(canvasElement).findByRole('list', { name }, { timeout: 5000 });
  return { list, cards: within(list).getAllByRole('listitem') };
}

const kindsOf = (cards: HTMLElement[]) =>
  new Set(
    cards.map((card) => {
      const details = within(card);
      if (details.queryByRole('button', { name: /^Open the picture/ })) return 'image';
      return details.getByText(/^(Voice clip|Music)$/).textContent;
    }),
  );

export const MixedLibrary: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
    const { cards } = await loadedList(canvasElement, 'All');
    // A full page (LIBRARY_PAGE_SIZE) at least, the three kinds mixed.
    await expect(cards.length).toBeGreaterThanOrEqual(24);
    await expect(kindsOf(cards)).toEqual(new Set(['image', 'Voice clip', 'Music']));
    // The 25th comes with the next page: as the end nears the viewport, or with "Load more".
    const more = canvas.queryByRole('button', { name: 'Load more' });
    if (more) await userEvent.click(more);
    await waitFor(async () =>
      expect((await loadedList(canvasElement, 'All')).cards).toHaveLength(25),
    );
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expect(canvas.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const FilterChangesTheList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loadedList(canvasElement, 'All');
    await userEvent.click(canvas.getByRole('tab', { name: 'Voice clips' }));
    const { cards } = await loadedList(canvasElement, 'Voice clips');
    await expect(cards).toHaveLength(9);
    await expect(kindsOf(cards)).toEqual(new Set(['Voice clip']));
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

export const Pictures: Story = {
  parameters: at('/library?kind=image'),
  play: async ({ canvasElement }) => {
    const { cards } = await loadedList(canvasElement, 'Pictures');
    await expect(cards).toHaveLength(12);
    await expect(kindsOf(cards)).toEqual(new Set(['image']));
  },
};

export const VoiceClips: Story = {
  parameters: at('/library?kind=clip'),
  play: async ({ canvasElement }) => {
    const { cards } = await loadedList(canvasElement, 'Voice clips');
    await expect(kindsOf(cards)).toEqual(new Set(['Voice clip']));
  },
};

export const Music: Story = {
  parameters: at('/library?kind=piece'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { cards } = await loadedList(canvasElement, 'Music');
    await expect(kindsOf(cards)).toEqual(new Set(['Music']));
    // A piece's downloads: its MP3 and the other files it has.
    const first = within(cards[0] as HTMLElement);
    await userEvent.click(first.getByRole('button', { name: /^Download: / }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'MP3' })).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'MIDI' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('tab', { name: 'Music' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const SearchWithResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loadedList(canvasElement, 'All');
    await userEvent.type(canvas.getByLabelText('Search your library'), 'lighthouse');
    await waitFor(
      async () => {
        const { cards } = await loadedList(canvasElement, 'All');
        await expect(cards.length).toBeLessThan(24);
        for (const card of cards) await expect(card.textContent).toMatch(/lighthouse/i);
      },
      { timeout: 4000 },
    );
  },
};

export const SearchWithoutResults: Story = {
  parameters: at('/library?kind=clip&q=zebra'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'No results for “zebra”' }),
    ).toBeVisible();
    // The address's words are in the field.
    await expect(canvas.getByLabelText('Search your library')).toHaveValue('zebra');
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(libraryHandlers.empty),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Make a picture' })).toHaveAttribute(
      'href',
      '/image-generator',
    );
    await expect(canvas.getByRole('link', { name: 'Make music' })).toHaveAttribute(
      'href',
      '/music-creator',
    );
  },
};

export const EmptyVoiceClips: Story = {
  beforeEach: ({ msw }) => msw.use(libraryHandlers.empty),
  parameters: at('/library?kind=clip'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Make a voice clip' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Make a picture' })).toBeNull();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(libraryHandlers.pending),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your library…')).toBeDefined();
  },
};

export const LoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(libraryHandlers.failure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(within(alert).getByText('Your library could not be loaded.')).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const LoadMoreFailed: Story = {
  beforeEach: ({ msw }) => msw.use(libraryHandlers.moreFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loadedList(canvasElement, 'All');
    // The next page is asked for as the end nears, or with the button; it fails either way.
    const more = await canvas.findByRole('button', { name: 'Load more' });
    if (!canvas.queryByRole('alert')) await userEvent.click(more);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'More could not be loaded: Server error. Please try again later.',
    );
    await expect((await loadedList(canvasElement, 'All')).cards).toHaveLength(24);
  },
};

export const DeleteConfirmed: Story = {
  beforeEach: ({ msw }) => msw.use(...libraryWithDeletes()),
  parameters: at('/library?kind=clip'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { cards } = await loadedList(canvasElement, 'Voice clips');
    const first = cards[0] as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: /^More for: / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this for good?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await screen.findByText('Deleted.')).toBeVisible();
    await waitFor(async () =>
      expect(
        within(canvas.getByRole('list', { name: 'Voice clips' })).getAllByRole('listitem'),
      ).toHaveLength(8),
    );
  },
};

export const VisitorLibrary: Story = {
  ...visitor,
  decorators: [inBrowser(browserThings())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/kept in this browser only/)).toBeVisible();
    const { cards } = await loadedList(canvasElement, 'All');
    await expect(cards).toHaveLength(4);
    // Newest first: the piece, the clip, then the edit and its picture.
    await expect(within(cards[0] as HTMLElement).getByText('Music')).toBeVisible();
    await expect(within(cards[3] as HTMLElement).getByText(/Ha Long Bay/)).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Pictures' }));
    await expect((await loadedList(canvasElement, 'Pictures')).cards).toHaveLength(2);
    // No move offer for a visitor.
    await expect(canvas.queryByRole('button', { name: /^Move / })).toBeNull();
  },
};

export const VisitorEmpty: Story = {
  ...visitor,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nothing here yet' }),
    ).toBeVisible();
  },
};

export const MoveOffer: Story = {
  decorators: [inBrowser(browserThings())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: 'Move 4 things from this browser into your account',
      }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Not now' })).toBeVisible();
  },
};

export const MoveNotNow: Story = {
  decorators: [inBrowser(browserThings())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Not now' }));
    await expect(canvas.queryByRole('button', { name: /^Move 4 things/ })).toBeNull();
  },
};

async function startMove(canvasElement: HTMLElement) {
  await userEvent.click(
    await within(canvasElement).findByRole('button', {
      name: 'Move 4 things from this browser into your account',
    }),
  );
}

export const Moving: Story = {
  decorators: [inBrowser(browserThings())],
  // The first two answer; the third never does, so the progress holds still.
  beforeEach: ({ msw }) => msw.use(importHandler({ hangFrom: 3 })),
  play: async ({ canvasElement }) => {
    await startMove(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('2 of 4')).toBeVisible();
    await expect(canvas.getByText('Moving your things into your account…')).toBeVisible();
  },
};

export const Moved: Story = {
  decorators: [inBrowser(browserThings())],
  play: async ({ canvasElement }) => {
    await startMove(canvasElement);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('4 things moved into your account.', {}, { timeout: 5000 }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    // The browser keeps nothing now: no offer comes back.
    await waitFor(() => expect(canvas.queryByRole('button', { name: /^Move / })).toBeNull());
  },
};

export const MovedWithFailures: Story = {
  decorators: [inBrowser(browserThings())],
  beforeEach: ({ msw }) =>
    msw.use(
      importHandler({ refuse: { 'visitor-img-2': 'badFile' }, unanswered: ['job-music-kept'] }),
    ),
  play: async ({ canvasElement }) => {
    await startMove(canvasElement);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('2 things moved into your account.', {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(
      canvas.getByText('2 things could not be moved and stay in this browser:'),
    ).toBeVisible();
    await expect(
      canvas.getByText(/This file is not what the item says it is, so it was not moved\./),
    ).toBeVisible();
    await expect(canvas.getByText(/The server could not be reached\. Try again\./)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Phone: Story = {
  parameters: { ...at('/library'), screen: { width: 390, height: 844 } },
  decorators: [inBrowser(browserThings())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /^Move 4 things/ })).toBeVisible();
    await loadedList(canvasElement, 'All');
    await expect(canvas.getByRole('tab', { name: 'Music' })).toBeVisible();
  },
};
