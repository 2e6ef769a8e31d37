import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  importHandler,
  libraryHandlers,
  libraryWithDeletes,
  sampleLibrary,
  sampleLibraryDocuments,
} from '../../../mocks/handlers/library';
import { failWith, never, serverError } from '../../../mocks/responses';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
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
  const list = await within(canvasElement).findByRole('list', { name });
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
    await expect(within(menu).getByRole('menuitem', { name: 'MIDI (notes)' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('tab', { name: 'Music' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** The content writer's documents: each with the start of its text, opened in the writer. */
export const Documents: Story = {
  parameters: at('/library?kind=document'),
  beforeEach: ({ msw }) =>
    msw.use(...libraryWithDeletes([...sampleLibrary(), ...sampleLibraryDocuments()])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { cards } = await loadedList(canvasElement, 'Documents');
    await expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    await expect(first.getByText('Cà phê sáng ở Đà Lạt')).toBeVisible();
    // Its start without Markdown's marks.
    await expect(cards[0]).toHaveTextContent('tiếng chim buổi sớm');
    await expect(cards[0]).not.toHaveTextContent('**');
    await expect(
      first.getByRole('button', { name: 'Open in the content writer: Cà phê sáng ở Đà Lạt' }),
    ).toBeEnabled();
    await expect(canvas.getByRole('tab', { name: 'Documents' })).toHaveAttribute(
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

/** The server refuses the deletion: the item comes back and a toast says 'It could not be deleted.'. */
export const DeleteRefused: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      // Listed first: in one use(), the first handler for a request wins.
      http.delete('*/api/voice/clips/:id', () => failWith(serverError, 500)),
      ...libraryWithDeletes(),
    ),
  parameters: at('/library?kind=clip'),
  play: async ({ canvasElement }) => {
    const { cards } = await loadedList(canvasElement, 'Voice clips');
    await userEvent.click(
      within(cards[0] as HTMLElement).getByRole('button', { name: /^More for: / }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this for good?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('It could not be deleted.');
    await findToast(serverError);
    await waitFor(async () =>
      expect((await loadedList(canvasElement, 'Voice clips')).cards).toHaveLength(9),
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

const quietOffer = '4 things from this browser can still be moved into your account';

export const MoveNotNow: Story = {
  decorators: [inBrowser(browserThings())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Not now' }));
    await expect(canvas.queryByRole('button', { name: /^Move 4 things/ })).toBeNull();
    // A quiet way back stays: it brings the offer back, the keyboard on its Move button.
    await userEvent.click(canvas.getByRole('button', { name: quietOffer }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /^Move 4 things/ })).toHaveFocus(),
    );
  },
};

/** "Not now" said on an earlier visit, when this browser kept what it keeps now (4 things). */
const declined = {
  app: {
    route: '/library',
    auth: 'signedIn' as const,
    stored: {
      'libraryMoveDismissed:user-linh': JSON.stringify({
        count: 4,
        newest: '2026-11-26T08:30:00.000Z',
      }),
    },
  },
};

export const MoveDeclinedBefore: Story = {
  decorators: [inBrowser(browserThings())],
  parameters: declined,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: quietOffer })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Move 4 things/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Not now' })).toBeNull();
  },
};

export const MoveDeclinedBeforeVietnamese: Story = {
  decorators: [inBrowser(browserThings())],
  parameters: declined,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Vẫn có thể chuyển 4 thứ từ trình duyệt này vào tài khoản',
      }),
    );
    await expect(
      await canvas.findByRole('button', {
        name: 'Chuyển 4 thứ từ trình duyệt này vào tài khoản',
      }),
    ).toBeVisible();
  },
};

export const MoveOfferedAgainForNewThings: Story = {
  decorators: [inBrowser(browserThings())],
  // Declined when the browser kept 3 things, the newest made before the piece now kept.
  parameters: {
    app: {
      ...declined.app,
      stored: {
        'libraryMoveDismissed:user-linh': JSON.stringify({
          count: 3,
          newest: '2026-11-26T08:20:00.000Z',
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /^Move 4 things/ })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: quietOffer })).toBeNull();
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
    await expect(await canvas.findByText('4 things moved into your account.')).toBeVisible();
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
    await expect(await canvas.findByText('2 things moved into your account.')).toBeVisible();
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

export const ImageFamily: Story = {
  parameters: at('/library?kind=image'),
  play: async ({ canvasElement }) => {
    const { cards } = await loadedList(canvasElement, 'Pictures');
    // The newest picture: an iteration on an edit of the first.
    const card = within(cards[0] as HTMLElement);
    const family = card.getByRole('button', { name: /^Family of the picture: / });
    await userEvent.click(family);
    const dialog = await screen.findByRole('dialog', { name: "The picture's family" });
    const tree = await within(dialog).findByRole('tree', { name: 'Family tree' });
    const items = within(tree).getAllByRole('treeitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveAccessibleName(/^Generated/);
    await waitFor(() =>
      expect(within(tree).getByRole('treeitem', { selected: true })).toHaveFocus(),
    );
    // Choosing a member opens that picture large, as the library's thumbnails do.
    await userEvent.click(items[0] as HTMLElement);
    const picture = await screen.findByRole('dialog', { name: 'Picture' });
    await expect(
      await within(picture).findByRole('img', {
        name: 'A lighthouse on a cliff at dusk, oil painting',
      }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(family).toHaveFocus());
  },
};

/**
 * The pictures' files answer normally until `brokenFiles.answer` is set: the thumbnails load,
 * then the picture opened large waits (`pending`) or is refused (`missing`).
 */
const brokenFiles: { answer: 'normal' | 'pending' | 'missing' } = { answer: 'normal' };
const breakFilesLater = {
  parameters: at('/library?kind=image'),
  beforeEach: ({ msw }) => {
    brokenFiles.answer = 'normal';
    msw.use(
      http.get('*/api/images/:id/file', () => {
        if (brokenFiles.answer === 'pending') return never();
        if (brokenFiles.answer === 'missing') return failWith('Image not found.', 404);
        return undefined;
      }),
    );
  },
} satisfies Story;

/** Opens the newest picture large once the thumbnails are drawn, its file now answering so. */
async function openPictureLarge(canvasElement: HTMLElement, answer: 'pending' | 'missing') {
  const { cards } = await loadedList(canvasElement, 'Pictures');
  const first = cards[0] as HTMLElement;
  await waitFor(() => expect(first.querySelector('img')).not.toBeNull());
  brokenFiles.answer = answer;
  await userEvent.click(within(first).getByRole('button', { name: /^Open the picture: / }));
  return screen.findByRole('dialog', { name: 'Picture' });
}

/** The picture opened large is still on its way: 'Loading the picture…'. */
export const PictureLoading: Story = {
  ...breakFilesLater,
  play: async ({ canvasElement }) => {
    const dialog = await openPictureLarge(canvasElement, 'pending');
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the picture…');
  },
};

/** The picture opened large cannot be fetched: 'This file could not be loaded.'. */
export const PictureUnavailable: Story = {
  ...breakFilesLater,
  play: async ({ canvasElement }) => {
    const dialog = await openPictureLarge(canvasElement, 'missing');
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        'This file could not be loaded.',
      ),
    );
  },
};

export const PieceFamily: Story = {
  parameters: at('/library?kind=piece'),
  play: async ({ canvasElement }) => {
    const { cards } = await loadedList(canvasElement, 'Music');
    // The newest piece: the first piece extended.
    const card = within(cards[0] as HTMLElement);
    const family = card.getByRole('button', { name: 'Family of the piece: Rainy night lo-fi' });
    await userEvent.click(family);
    const dialog = await screen.findByRole('dialog', { name: "The piece's family" });
    const list = await within(dialog).findByRole('list', { name: 'Family of Rainy night lo-fi' });
    const members = within(list).getAllByRole('listitem');
    await expect(members).toHaveLength(3);
    await expect(members[0]).toHaveTextContent('First piece');
    const current = members.find((member) => member.getAttribute('aria-current') === 'true');
    await expect(current).toHaveTextContent(/This piece.*Extended/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(family).toHaveFocus());
  },
};

/** A visitor's picture's family, from this browser, in Vietnamese. */
export const VisitorImageFamilyVietnamese: Story = {
  ...visitor,
  parameters: { app: { route: '/library?kind=image' } },
  decorators: [inBrowser(browserThings())],
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const { cards } = await loadedList(canvasElement, 'Hình ảnh');
    await expect(cards).toHaveLength(2);
    await userEvent.click(
      within(cards[0] as HTMLElement).getByRole('button', {
        name: 'Phả hệ của ảnh: Add a junk boat with red sails',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Phả hệ của ảnh' });
    const tree = await within(dialog).findByRole('tree', { name: 'Cây phả hệ' });
    const items = within(tree).getAllByRole('treeitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveAccessibleName(/^Tạo mới/);
    await expect(items[1]).toHaveAccessibleName(/^Đã chỉnh sửa.*Ảnh này/);
  },
};

/**
 * A visitor's piece without a prompt, in Vietnamese: named by its mood and genre in Vietnamese
 * (not the API's English title), its stems by their instruments' Vietnamese names, its family.
 */
export const VisitorPieceVietnamese: Story = {
  ...visitor,
  parameters: { app: { route: '/library?kind=piece' } },
  decorators: [inBrowser(browserThings())],
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const { cards } = await loadedList(canvasElement, 'Nhạc');
    const card = within(cards[0] as HTMLElement);
    await expect(card.getAllByText('Dân gian lãng mạn')[0]).toBeVisible();
    await expect(card.queryByText('Hà Nội autumn walk')).toBeNull();
    await userEvent.click(card.getByRole('button', { name: 'Tải xuống: Dân gian lãng mạn' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Riêng Trống (WAV)' })).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'MIDI (nốt nhạc)' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      card.getByRole('button', { name: 'Gia đình của bản nhạc: Dân gian lãng mạn' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Gia đình bản nhạc' });
    const list = await within(dialog).findByRole('list', {
      name: 'Gia đình của Dân gian lãng mạn',
    });
    await expect(within(list).getByRole('listitem')).toHaveTextContent(/Bản đầu tiên/);
  },
};
