import type { GeneratedImage } from '@studio/contracts';
import { describe, expect, it, vi } from 'vitest';
import { sampleFamily, sampleGalleryImage } from '../../../mocks/handlers/imageGallery';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import { openVisitorCollection } from '../../../lib/visitor/visitorCollection';
import { VisitorStorageUnavailableError } from '../../../lib/visitor/visitorStorage';
import { addGeneratedImages, galleryImageFile } from './hooks/useGalleryStore';
import { readVisitorImage, VISITOR_IMAGES } from '../../../lib/visitor/collections';
import { createVisitorStore, type VisitorImageEntry } from './visitorStore';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 9, minute)).toISOString();
const png = (text: string) => new Blob([text], { type: 'image/png' });

/** A job's variants: `<job>:<index>`, made at one moment, as a visitor's results are. */
function job(name: string, minute: number, variants: number): VisitorImageEntry[] {
  return Array.from({ length: variants }, (_, index) => ({
    item: sampleGalleryImage({
      id: `${name}:${index}`,
      jobId: name,
      index,
      createdAt: at(minute),
      fileUrl: `/api/images/jobs/${name}/images/${index}`,
    }),
    file: png(`${name}:${index}`),
  }));
}

const idsOf = (images: GeneratedImage[]) => images.map((image) => image.id);

/** A visitor's 'images' collection in memory, holding these pictures. */
const memoryImages = (entries: readonly VisitorImageEntry[] = []) =>
  openVisitorCollection(
    memoryVisitorStorage({ [VISITOR_IMAGES]: entries }),
    VISITOR_IMAGES,
    readVisitorImage,
  );

describe('the visitor store', () => {
  it('pages newest first, a job’s variants in order, with a cursor to the next page', async () => {
    const store = createVisitorStore(
      memoryImages([...job('a', 1, 2), ...job('c', 3, 2), ...job('b', 2, 1)]),
      2,
    );
    const first = await store.page(null);
    expect(idsOf(first.images)).toEqual(['c:0', 'c:1']);
    expect(first.nextCursor).not.toBeNull();
    const second = await store.page(first.nextCursor);
    expect(idsOf(second.images)).toEqual(['b:0', 'a:0']);
    const third = await store.page(second.nextCursor);
    expect(idsOf(third.images)).toEqual(['a:1']);
    expect(third.nextCursor).toBeNull();
  });

  it('neither skips nor repeats an image when one is deleted between pages', async () => {
    const store = createVisitorStore(memoryImages([...job('a', 1, 2), ...job('b', 2, 2)]), 2);
    const first = await store.page(null);
    await store.remove('b:1');
    await store.remove('a:1');
    expect(idsOf((await store.page(first.nextCursor)).images)).toEqual(['a:0']);
  });

  it('ends with an empty page and no cursor when nothing is kept', async () => {
    await expect(createVisitorStore(memoryImages()).page(null)).resolves.toEqual({
      images: [],
      nextCursor: null,
    });
  });

  it('refuses a cursor it did not write', async () => {
    const store = createVisitorStore(memoryImages());
    await expect(store.page('page-2')).rejects.toThrow('This gallery page does not exist.');
  });

  it('keeps each file with its image and forgets both on delete', async () => {
    const store = createVisitorStore(memoryImages(job('a', 1, 1)));
    await expect((await store.file('a:0'))?.text()).resolves.toBe('a:0');
    await store.remove('a:0');
    await expect(store.file('a:0')).resolves.toBeNull();
    expect((await store.page(null)).images).toEqual([]);
  });

  it('builds an image’s family from the stored parent ids', async () => {
    const store = createVisitorStore(
      memoryImages(sampleFamily.map((image) => ({ item: image, file: png(image.id) }))),
    );
    const family = await store.family('img-04');
    expect(family?.rootId).toBe('img-01');
    expect(idsOf(family?.images ?? [])).toEqual(['img-01', 'img-02', 'img-03', 'img-04']);
    await expect(store.family('unknown')).resolves.toBeNull();
  });
});

describe('addGeneratedImages', () => {
  const images = job('j', 5, 2).map(({ item }) => item);

  it('fetches a visitor’s new pictures once and keeps them with their metadata', async () => {
    const store = createVisitorStore(memoryImages());
    const fetchFile = vi.fn((url: string) => Promise.resolve(png(url)));
    await addGeneratedImages(images, {
      signedIn: false,
      open: () => Promise.resolve(store),
      fetchFile,
    });
    await addGeneratedImages(images, {
      signedIn: false,
      open: () => Promise.resolve(store),
      fetchFile,
    });
    expect(fetchFile.mock.calls.map(([url]) => url)).toEqual([
      '/api/images/jobs/j/images/0',
      '/api/images/jobs/j/images/1',
    ]);
    expect(idsOf((await store.page(null)).images)).toEqual(['j:0', 'j:1']);
    await expect((await store.file('j:1'))?.text()).resolves.toBe('/api/images/jobs/j/images/1');
  });

  it('keeps nothing when a file cannot be fetched, and says why', async () => {
    const store = createVisitorStore(memoryImages());
    const fetchFile = vi.fn((url: string) =>
      url.endsWith('/1') ? Promise.reject(new Error('gone')) : Promise.resolve(png(url)),
    );
    await expect(
      addGeneratedImages(images, {
        signedIn: false,
        open: () => Promise.resolve(store),
        fetchFile,
      }),
    ).rejects.toThrow('gone');
    expect((await store.page(null)).images).toEqual([]);
  });

  it('asks nothing of the browser for a signed-in user (the server keeps their pictures)', async () => {
    const open = vi.fn(() => Promise.reject(new Error('not used')));
    const fetchFile = vi.fn(() => Promise.reject(new Error('not used')));
    await addGeneratedImages(images, { signedIn: true, open, fetchFile });
    expect(open).not.toHaveBeenCalled();
    expect(fetchFile).not.toHaveBeenCalled();
  });
});

describe('galleryImageFile', () => {
  const [image] = job('k', 6, 1).map((entry) => entry.item);
  const serverFile = vi.fn((url: string) => Promise.resolve(png(`server ${url}`)));

  it('reads a visitor’s stored copy, without asking the server', async () => {
    if (!image) throw new Error('no image');
    const store = createVisitorStore(memoryImages(job('k', 6, 1)));
    const file = await galleryImageFile(image, {
      signedIn: false,
      open: () => Promise.resolve(store),
      fetchFile: serverFile,
    });
    await expect(file.text()).resolves.toBe('k:0');
    expect(serverFile).not.toHaveBeenCalled();
  });

  it('asks the server when the browser has no copy, or keeps nothing', async () => {
    if (!image) throw new Error('no image');
    const empty = createVisitorStore(memoryImages());
    for (const open of [
      () => Promise.resolve(empty),
      () => Promise.reject(new VisitorStorageUnavailableError()),
    ]) {
      const file = await galleryImageFile(image, { signedIn: false, open, fetchFile: serverFile });
      await expect(file.text()).resolves.toBe('server /api/images/jobs/k/images/0');
    }
  });
});
