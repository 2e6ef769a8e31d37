import { libraryImportTexts, type LibraryItem } from '@studio/contracts';
import { describe, expect, it, vi } from 'vitest';
import { HttpFailure } from '../../../lib/api/errorText';
import { sampleGalleryImage } from '../../../mocks/handlers/imageGallery';
import { samplePiece } from '../../../mocks/handlers/music';
import { sampleClips } from '../../../mocks/handlers/voice';
import { toLibraryItems } from '../visitor/visitorLibrary';
import { importFailureOf, planImport, runImport, type ImportSteps } from './importPlan';

const at = (hour: number) => new Date(Date.UTC(2026, 10, 27, hour)).toISOString();

const root = sampleGalleryImage({ id: 'img-root', createdAt: at(1) });
const edit = sampleGalleryImage({ id: 'img-edit', parentId: 'img-root', createdAt: at(3) });
const firstClip = sampleClips(1)[0];
if (!firstClip) throw new Error('No sample clip.');
const clip = { ...firstClip, id: 'clip-1', createdAt: at(2) };
const piece = samplePiece({ id: 'piece-1', settings: {}, createdAt: at(4) });
const extension = samplePiece({
  id: 'piece-2',
  settings: {},
  parentId: 'piece-1',
  createdAt: at(5),
});
const items = toLibraryItems([edit, root], [clip], [extension, piece]);
const ids = (list: readonly LibraryItem[]) => list.map((item) => item.id);

const refused = (status: number, message: string) => new HttpFailure({ status, data: { message } });

/** A server that gives each thing the account id `acc-<browser id>`, except those it refuses. */
function steps(refuse: Record<string, unknown> = {}) {
  const uploads: { id: string; parentId: string | null }[] = [];
  const removed: string[] = [];
  const progress: string[] = [];
  const calls: ImportSteps = {
    upload: (item, parentId) => {
      uploads.push({ id: item.id, parentId });
      if (item.id in refuse) return Promise.reject(refuse[item.id]);
      return Promise.resolve({ item: { ...item, id: `acc-${item.id}` }, created: true });
    },
    removeFromBrowser: (item) => {
      removed.push(item.id);
      return Promise.resolve();
    },
    onProgress: (done, total) => progress.push(`${done}/${total}`),
  };
  return { calls, uploads, removed, progress };
}

describe('the import plan', () => {
  it('moves oldest first', () => {
    expect(ids(planImport(items))).toEqual([
      'img-root',
      'clip-1',
      'img-edit',
      'piece-1',
      'piece-2',
    ]);
  });

  it('puts a parent before its child even when the child is older', () => {
    const early = sampleGalleryImage({ id: 'img-child', parentId: 'img-late', createdAt: at(1) });
    const late = sampleGalleryImage({ id: 'img-late', createdAt: at(9) });
    expect(ids(planImport(toLibraryItems([early, late], [], [])))).toEqual([
      'img-late',
      'img-child',
    ]);
  });

  it("names each parent by the account's id, and removes each thing once the server holds it", async () => {
    const run = steps();
    const outcome = await runImport(planImport(items), run.calls);
    expect(run.uploads).toEqual([
      { id: 'img-root', parentId: null },
      { id: 'clip-1', parentId: null },
      { id: 'img-edit', parentId: 'acc-img-root' },
      { id: 'piece-1', parentId: null },
      { id: 'piece-2', parentId: 'acc-piece-1' },
    ]);
    expect(run.removed).toEqual(['img-root', 'clip-1', 'img-edit', 'piece-1', 'piece-2']);
    expect(run.progress).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
    expect(outcome.failed).toEqual([]);
    expect(outcome.accountIds.get('piece-2')).toBe('acc-piece-2');
  });

  it('keeps a refused thing in the browser, says why, and goes on; its child has no parent', async () => {
    const run = steps({ 'img-root': refused(400, libraryImportTexts.badFile) });
    const outcome = await runImport(planImport(items), run.calls);
    expect(run.removed).not.toContain('img-root');
    expect(run.uploads).toContainEqual({ id: 'img-edit', parentId: null });
    expect(outcome.failed).toEqual([
      {
        item: items.find((item) => item.id === 'img-root'),
        failure: { kind: 'refused', reason: 'badFile', message: libraryImportTexts.badFile },
      },
    ]);
    expect(ids(outcome.moved)).toEqual(['clip-1', 'img-edit', 'piece-1', 'piece-2']);
  });

  it('stops at a network failure, removing nothing more, and a retry keeps the parents', async () => {
    const offline = new HttpFailure('network');
    const first = steps({ 'img-edit': offline });
    const outcome = await runImport(planImport(items), first.calls);
    expect(first.uploads.map((upload) => upload.id)).toEqual(['img-root', 'clip-1', 'img-edit']);
    expect(first.removed).toEqual(['img-root', 'clip-1']);
    expect(outcome.failed.map(({ item, failure }) => [item.id, failure.kind])).toEqual([
      ['img-edit', 'unanswered'],
      ['piece-1', 'unanswered'],
      ['piece-2', 'unanswered'],
    ]);
    const again = steps();
    const rest = outcome.failed.map(({ item }) => item);
    await runImport(planImport(rest), again.calls, outcome.accountIds);
    expect(again.uploads[0]).toEqual({ id: 'img-edit', parentId: 'acc-img-root' });
  });

  it("stops at the day's limit", async () => {
    const run = steps({ 'clip-1': refused(429, libraryImportTexts.tooMany) });
    const outcome = await runImport(planImport(items), run.calls);
    expect(run.uploads).toHaveLength(2);
    expect(outcome.failed).toHaveLength(4);
    expect(outcome.failed.every(({ failure }) => failure.kind === 'refused')).toBe(true);
  });

  it('counts a thing moved even when the browser cannot forget it', async () => {
    const run = steps();
    run.calls.removeFromBrowser = vi.fn(() => Promise.reject(new Error('locked')));
    const outcome = await runImport(planImport(items), run.calls);
    expect(outcome.moved).toHaveLength(5);
  });
});

describe('an import failure', () => {
  it("reads the contract's words, others as said, and no answer as retryable", () => {
    expect(importFailureOf(refused(413, libraryImportTexts.tooLarge))).toEqual({
      kind: 'refused',
      reason: 'tooLarge',
      message: libraryImportTexts.tooLarge,
    });
    expect(importFailureOf(refused(400, 'Something else.'))).toEqual({
      kind: 'refused',
      reason: null,
      message: 'Something else.',
    });
    expect(importFailureOf(refused(503, 'Down.'))).toEqual({ kind: 'unanswered' });
    expect(importFailureOf(new HttpFailure('timeout'))).toEqual({ kind: 'unanswered' });
  });
});
