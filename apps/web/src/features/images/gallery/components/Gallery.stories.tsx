import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { GALLERY_PAGE_SIZE } from '@studio/contracts';
import { http } from 'msw';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { findToast } from '../../../../testing/storyHelpers';
import {
  imageGalleryHandlers,
  sampleFamily,
  sampleGallery,
  samplePng,
} from '../../../../mocks/handlers/imageGallery';
import { never } from '../../../../mocks/responses';
import { VisitorStorageContext } from '../../../../lib/visitor/useVisitorCollection';
import {
  memoryVisitorStorage,
  unavailableVisitorStorage,
} from '../../../../lib/visitor/memoryStorage';
import { addGeneratedImages } from '../hooks/useGalleryStore';
import { type VisitorImageEntry } from '../visitorStore';
import { VISITOR_IMAGES } from '../../../../lib/visitor/collections';
import { openBrowserVisitorStore } from '../visitorImages';
import { Gallery } from './Gallery';

/**
 * The gallery under the image tools. Signed in, every call answers from the MSW handlers (30
 * pictures, 24 a page, real PNGs); a visitor's gallery reads a store in memory (a real browser's
 * IndexedDB would carry pictures from one story to the next). Reuse, iterate, variation and
 * opening the viewer reach the page as spies.
 */
const meta = {
  title: 'App/Images/Gallery',
  component: Gallery,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    signedIn: true,
    onReuse: fn(),
    onIterate: fn(),
    onVariation: fn(),
    onOpen: fn(),
  },
  parameters: { app: { auth: 'signedIn', route: '/imagen' } },
} satisfies Meta<typeof Gallery>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor's gallery holding these pictures (each with a real PNG), in memory. */
function visitorImages(entries: VisitorImageEntry[]): Decorator {
  return function VisitorImages(Story) {
    const [storage] = useState(() => memoryVisitorStorage({ [VISITOR_IMAGES]: entries }));
    return (
      <VisitorStorageContext value={storage}>
        <Story />
      </VisitorStorageContext>
    );
  };
}

/** A browser that keeps nothing (a private window). */
const withoutStorage: Decorator = (Story) => (
  <VisitorStorageContext value={unavailableVisitorStorage}>
    <Story />
  </VisitorStorageContext>
);

const findGrid = (canvasElement: HTMLElement, name: RegExp = /^Your pictures$/) =>
  within(canvasElement).findByRole('list', { name });
const cards = (grid: HTMLElement) => within(grid).getAllByRole('listitem');
/** Waits until the pictures in view have been fetched and drawn. */
const picturesDrawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelectorAll('img').length).toBeGreaterThan(0));
/**
 * Waits until every card on the screen shows its picture. Thumbnails load as they come near the
 * screen, so a snapshot taken after scrolling must wait for those in view, not for any picture.
 */
const picturesInViewDrawn = (grid: HTMLElement) =>
  waitFor(() => {
    const inView = cards(grid).filter((card) => {
      const { top, bottom } = card.getBoundingClientRect();
      return top < window.innerHeight && bottom > 0;
    });
    expect(inView.length).toBeGreaterThan(0);
    for (const card of inView) expect(card.querySelector('img')).not.toBeNull();
  });
const cardOf = (grid: HTMLElement, prompt: string) => {
  const card = within(grid).getAllByText(prompt, { selector: 'p' })[0]?.closest('li');
  if (!card) throw new Error(`No card shows “${prompt}”.`);
  return card;
};

export const FullPage: Story = {
  play: async ({ canvasElement, args }) => {
    const grid = await findGrid(canvasElement);
    await expect(cards(grid)).toHaveLength(GALLERY_PAGE_SIZE);
    // Newest first: the latest iteration of the lighthouse leads.
    const first = cards(grid)[0] as HTMLElement;
    await expect(first).toHaveTextContent('Add a full moon over the sea, stormy clouds');
    await expect(first).toHaveTextContent('Sandbox');
    await expect(first).toHaveTextContent('1004');
    await expect(first).toHaveTextContent('1792 × 1024 px');
    await expect(within(first).getByText(/2026/)).toHaveAttribute(
      'datetime',
      sampleGallery[0]?.createdAt,
    );
    await picturesDrawn(canvasElement);
    await userEvent.click(within(first).getByRole('button', { name: /^Open the picture/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(expect.any(Array), 0);
    await userEvent.click(within(first).getByRole('button', { name: 'Reuse settings' }));
    await expect(args.onReuse).toHaveBeenCalledWith(sampleGallery[0]);
  },
};

/** Scrolling to the end of the list loads the next page by itself. */
export const ScrollLoadsNextPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await findGrid(canvasElement);
    await expect(cards(grid)).toHaveLength(GALLERY_PAGE_SIZE);
    canvas.getByRole('button', { name: 'Load more' }).scrollIntoView();
    await waitFor(() => expect(cards(grid)).toHaveLength(sampleGallery.length));
    await expect(canvas.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    window.scrollTo(0, 0);
    await picturesDrawn(canvasElement);
  },
};

export const LoadMoreFailure: Story = {
  beforeEach: ({ msw }) => msw.use(imageGalleryHandlers.listMoreFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await findGrid(canvasElement);
    // The first screen's pictures, then (the click scrolls to the button) the last screen's.
    await picturesInViewDrawn(grid);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      "We couldn't load more pictures: Server error. Please try again later.",
    );
    // Scrolling does not ask again after a failure: the button does.
    await expect(canvas.getByRole('button', { name: 'Load more' })).toBeEnabled();
    await picturesInViewDrawn(grid);
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(imageGalleryHandlers.listPending),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your pictures…')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(imageGalleryHandlers.listFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't load your pictures");
    await expect(alert).toHaveTextContent('Server error. Please try again later.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const EmptySignedIn: Story = {
  beforeEach: ({ msw }) => msw.use(imageGalleryHandlers.listEmpty),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No pictures yet' })).toBeVisible();
    await expect(canvas.getByText('The ones you make appear here.')).toBeVisible();
  },
};

export const EmptyVisitor: Story = {
  args: { signedIn: false },
  parameters: { app: { auth: 'signedOut' } },
  decorators: [visitorImages([])],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No pictures yet' })).toBeVisible();
    await expect(
      canvas.getByText('The ones you make appear here, kept in this browser.'),
    ).toBeVisible();
  },
};

/** A visitor's pictures, read from this browser (files and all). */
export const Visitor: Story = {
  args: { signedIn: false },
  parameters: { app: { auth: 'signedOut' } },
  decorators: [
    visitorImages(
      sampleFamily.map((image, n) => ({
        item: image,
        file: new Blob([samplePng(n)], { type: 'image/png' }),
      })),
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await findGrid(canvasElement);
    await expect(cards(grid)).toHaveLength(sampleFamily.length);
    await expect(
      canvas.getByText('Kept in this browser only. Sign in to keep them on your account.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('img')).toHaveLength(sampleFamily.length),
    );
  },
};

/** Empties this browser's real visitor gallery (IndexedDB), before and after a story using it. */
async function clearBrowserGallery() {
  const store = await openBrowserVisitorStore();
  for (let page = await store.page(null); page.images.length > 0; page = await store.page(null)) {
    for (const image of page.images) await store.remove(image.id);
  }
}

/**
 * The browser's own IndexedDB, end to end: a finished job's pictures are fetched once and kept
 * (useGalleryStore's addGenerated), the gallery reads them again, and a deletion forgets one.
 */
export const VisitorInThisBrowser: Story = {
  args: { signedIn: false },
  parameters: { app: { auth: 'signedOut' } },
  beforeEach: async () => {
    await clearBrowserGallery();
    return clearBrowserGallery;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No pictures yet' })).toBeVisible();
    await addGeneratedImages(sampleFamily, { signedIn: false, open: openBrowserVisitorStore });
    const grid = await findGrid(canvasElement);
    await waitFor(() => expect(cards(grid)).toHaveLength(sampleFamily.length));
    const card = cardOf(grid, 'Add a full moon over the sea, stormy clouds');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete picture' }));
    await findToast('Picture deleted');
    const kept = await (await openBrowserVisitorStore()).page(null);
    await expect(kept.images.map((image) => image.id)).toEqual(['img-03', 'img-02', 'img-01']);
    await waitFor(() => expect(canvasElement.querySelectorAll('img')).toHaveLength(3));
  },
};

/** Private windows and some privacy settings keep no IndexedDB: the gallery says so. */
export const StorageUnavailable: Story = {
  args: { signedIn: false },
  parameters: { app: { auth: 'signedOut' } },
  decorators: [withoutStorage],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent("This browser can't keep your pictures");
    await expect(alert).toHaveTextContent('sign in to keep them on your account');
  },
};

export const DeleteConfirmed: Story = {
  play: async ({ canvasElement }) => {
    const grid = await findGrid(canvasElement);
    const card = cardOf(grid, 'Add a full moon over the sea, stormy clouds');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this picture?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete picture' }));
    // Gone at once, before the server has answered.
    await waitFor(() => expect(cards(grid)).toHaveLength(GALLERY_PAGE_SIZE - 1));
    await findToast('Picture deleted');
    await expect(grid).not.toHaveTextContent('stormy clouds');
    await waitFor(() => expect(grid).toHaveFocus());
    await picturesDrawn(canvasElement);
  },
};

export const DeleteRefused: Story = {
  beforeEach: ({ msw }) => msw.use(imageGalleryHandlers.removeFailure),
  play: async ({ canvasElement }) => {
    const grid = await findGrid(canvasElement);
    const card = cardOf(grid, 'Add a full moon over the sea, stormy clouds');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete picture' }));
    await findToast("The picture wasn't deleted");
    await findToast('Server error. Please try again later.');
    // Put back where it was.
    await waitFor(() => expect(cards(grid)).toHaveLength(GALLERY_PAGE_SIZE));
    await expect(cards(grid)[0]).toHaveTextContent('stormy clouds');
    await picturesDrawn(canvasElement);
  },
};

/** Opens the family dialog of the newest picture (an iteration on an edit of the first). */
async function openFamilyDialog(canvasElement: HTMLElement) {
  const grid = await findGrid(canvasElement);
  const card = cardOf(grid, 'Add a full moon over the sea, stormy clouds');
  await userEvent.click(within(card).getByRole('button', { name: /^Family/ }));
  return screen.findByRole('dialog', { name: "The picture's family" });
}

/** Opens the family of the newest picture and waits for its tree. */
async function openFamily(canvasElement: HTMLElement) {
  const dialog = await openFamilyDialog(canvasElement);
  return within(dialog).findByRole('tree', { name: 'Family tree' });
}

/** The family is still on its way: the dialog shows 'Loading the family…'. */
export const FamilyLoading: Story = {
  beforeEach: ({ msw }) => msw.use(http.get('*/api/images/:id/family', never)),
  play: async ({ canvasElement }) => {
    const dialog = await openFamilyDialog(canvasElement);
    await expect(await within(dialog).findByText('Loading the family…')).toBeVisible();
    await picturesDrawn(canvasElement);
  },
};

/** The family cannot be read: 'We couldn't load the family: …' with Try again, in the dialog. */
export const FamilyLoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(imageGalleryHandlers.familyFailure),
  play: async ({ canvasElement }) => {
    const dialog = await openFamilyDialog(canvasElement);
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent(
      "We couldn't load the family: Server error. Please try again later.",
    );
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await picturesDrawn(canvasElement);
  },
};

/** Three generations, the picture itself highlighted; arrow keys move, close and open nodes. */
export const FamilyOfThreeGenerations: Story = {
  play: async ({ canvasElement }) => {
    const tree = await openFamily(canvasElement);
    const items = within(tree).getAllByRole('treeitem');
    await expect(items.map((item) => item.getAttribute('aria-level'))).toEqual([
      '1',
      '2',
      '3',
      '2',
    ]);
    const current = within(tree).getByRole('treeitem', { selected: true });
    await expect(current).toHaveAccessibleName(/stormy clouds.*This picture/);
    await waitFor(() => expect(tree.querySelectorAll('img')).toHaveLength(sampleFamily.length));
    // The keyboard starts in the tree, on the picture itself (not on the corner's Close).
    await waitFor(() => expect(current).toHaveFocus());
    // Up to its parent (the edit), which closes and opens again; down to the variation.
    await userEvent.keyboard('{ArrowLeft}');
    const edit = within(tree).getByRole('treeitem', { name: /^Edited/ });
    await expect(edit).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(edit).toHaveAttribute('aria-expanded', 'false');
    await expect(within(tree).getAllByRole('treeitem')).toHaveLength(3);
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(tree).getAllByRole('treeitem')).toHaveLength(4);
    await userEvent.keyboard('{End}');
    await expect(within(tree).getByRole('treeitem', { name: /^Variation/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(within(tree).getAllByRole('treeitem')[0]).toHaveFocus();
  },
};

/** Enter on a node opens the viewer on it, among its family in the tree's order. */
export const FamilyOpensPicture: Story = {
  play: async ({ canvasElement, args }) => {
    const tree = await openFamily(canvasElement);
    const current = within(tree).getByRole('treeitem', { selected: true });
    await waitFor(() => expect(current).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(
      ['img-01', 'img-02', 'img-04', 'img-03'].map((id) => expect.objectContaining({ id })),
      0,
    );
    await waitFor(() => expect(tree).not.toBeInTheDocument());
    await picturesDrawn(canvasElement);
  },
};

/** Escape closes the family and gives focus back to the card's Family button. */
export const FamilyGivesFocusBack: Story = {
  play: async ({ canvasElement }) => {
    const tree = await openFamily(canvasElement);
    await waitFor(() =>
      expect(within(tree).getByRole('treeitem', { selected: true })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tree).not.toBeInTheDocument());
    const card = cardOf(
      await findGrid(canvasElement),
      'Add a full moon over the sea, stormy clouds',
    );
    await expect(within(card).getByRole('button', { name: /^Family/ })).toHaveFocus();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await findGrid(canvasElement, /^Ảnh của bạn$/);
    await expect(cards(grid)).toHaveLength(GALLERY_PAGE_SIZE);
    await expect(canvas.getByRole('button', { name: 'Xem thêm' })).toBeVisible();
    await expect(within(grid).getAllByText('Mô hình')[0]).toBeVisible();
    await picturesDrawn(canvasElement);
  },
};
