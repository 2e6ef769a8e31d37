import type { LibraryItem } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import {
  readVisitorClip,
  readVisitorImage,
  readVisitorMusicEntry,
  readVisitorWriting,
  VISITOR_CLIPS,
  VISITOR_IMAGES,
  VISITOR_PIECES,
  VISITOR_WRITINGS,
} from '../../../lib/visitor/collections';
import { openVisitorCollection } from '../../../lib/visitor/visitorCollection';
import { sampleGalleryImage } from '../../../mocks/handlers/imageGallery';
import { samplePiece } from '../../../mocks/handlers/music';
import { sampleClips } from '../../../mocks/handlers/voice';
import { visitorLibrarySource } from '../librarySource';
import { filterLibrary, pageLibrary, toLibraryItems } from './visitorLibrary';

const at = (hour: number) => new Date(Date.UTC(2026, 10, 27, hour)).toISOString();

const picture = sampleGalleryImage({ id: 'img-a', prompt: 'A red fox in snow', createdAt: at(9) });
const firstClip = sampleClips(1)[0];
if (!firstClip) throw new Error('No sample clip.');
const clip = { ...firstClip, id: 'clip-a', text: 'Xin chào các bạn', createdAt: at(10) };
const piece = samplePiece({
  id: 'piece-a',
  title: 'Rainy night',
  settings: { prompt: 'Rainy night lo-fi', lyrics: 'The FOX runs home' },
  createdAt: at(8),
});
const all = toLibraryItems([picture], [clip], [piece]);
const ids = (items: readonly LibraryItem[]) => items.map((item) => item.id);

describe('the visitor library', () => {
  it('merges the three collections newest first', () => {
    expect(ids(filterLibrary(all, { kind: null, q: '' }))).toEqual(['clip-a', 'img-a', 'piece-a']);
  });

  it('breaks a tie by kind, then by id, as the server does', () => {
    const twin = { ...picture, id: 'img-b', createdAt: clip.createdAt };
    const items = toLibraryItems(
      [twin, { ...picture, id: 'img-0', createdAt: at(10) }],
      [clip],
      [],
    );
    expect(ids(filterLibrary(items, { kind: null, q: '' }))).toEqual(['img-0', 'img-b', 'clip-a']);
  });

  it('keeps one kind', () => {
    expect(ids(filterLibrary(all, { kind: 'clip', q: '' }))).toEqual(['clip-a']);
    expect(ids(filterLibrary(all, { kind: 'piece', q: '' }))).toEqual(['piece-a']);
    expect(ids(filterLibrary(all, { kind: 'image', q: '' }))).toEqual(['img-a']);
  });

  it("searches a picture's prompt, a clip's text and a piece's prompt, title and lyrics", () => {
    expect(ids(filterLibrary(all, { kind: null, q: 'fox' }))).toEqual(['img-a', 'piece-a']);
    expect(ids(filterLibrary(all, { kind: null, q: 'CHÀO' }))).toEqual(['clip-a']);
    expect(ids(filterLibrary(all, { kind: null, q: 'lo-fi' }))).toEqual(['piece-a']);
    expect(ids(filterLibrary(all, { kind: 'image', q: 'rainy' }))).toEqual([]);
  });

  it('pages by position, so a deletion neither skips nor repeats', () => {
    const many = toLibraryItems(
      Array.from({ length: 5 }, (_, n) => sampleGalleryImage({ id: `img-${n}`, createdAt: at(n) })),
      [],
      [],
    );
    const ordered = filterLibrary(many, { kind: null, q: '' });
    const first = pageLibrary(ordered, null, 2);
    expect(ids(first.items)).toEqual(['img-4', 'img-3']);
    // img-3 is deleted before the next page is read.
    const rest = ordered.filter((item) => item.id !== 'img-3');
    const second = pageLibrary(rest, first.nextCursor, 2);
    expect(ids(second.items)).toEqual(['img-2', 'img-1']);
    const last = pageLibrary(rest, second.nextCursor, 2);
    expect(ids(last.items)).toEqual(['img-0']);
    expect(last.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not write', () => {
    expect(() => pageLibrary([], 'after-2')).toThrow('This library page does not exist.');
  });

  it("reads a visitor's browser, leaving out what is not well formed", async () => {
    const wavOfPiece = { id: 'piece-a#wav', pieceId: 'piece-a', kind: 'wav' };
    const storage = memoryVisitorStorage({
      [VISITOR_IMAGES]: [{ item: picture }, { item: { id: 'broken' } }],
      [VISITOR_CLIPS]: [{ item: clip }],
      [VISITOR_PIECES]: [{ item: piece }, { item: wavOfPiece }],
    });
    const source = visitorLibrarySource({
      images: openVisitorCollection(storage, VISITOR_IMAGES, readVisitorImage),
      clips: openVisitorCollection(storage, VISITOR_CLIPS, readVisitorClip),
      music: openVisitorCollection(storage, VISITOR_PIECES, readVisitorMusicEntry),
      writings: openVisitorCollection(storage, VISITOR_WRITINGS, readVisitorWriting),
    });
    const page = await source.page({ kind: null, q: '' }, null);
    expect(ids(page.items)).toEqual(['clip-a', 'img-a', 'piece-a']);
    const newest = page.items[0];
    if (newest) await source.remove(newest);
    expect(ids((await source.page({ kind: null, q: '' }, null)).items)).toEqual([
      'img-a',
      'piece-a',
    ]);
  });
});
