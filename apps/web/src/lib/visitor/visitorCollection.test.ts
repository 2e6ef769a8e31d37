import { describe, expect, it, vi } from 'vitest';
import { databaseName, indexedDbStorage } from './indexedDbStorage';
import { memoryVisitorStorage, unavailableVisitorStorage } from './memoryStorage';
import { openVisitorCollection, type ReadVisitorItem } from './visitorCollection';
import { isVisitorStorageUnavailable, type VisitorStorage } from './visitorStorage';

interface Clip {
  id: string;
  seconds: number;
}

const readClip: ReadVisitorItem<Clip> = (stored) => {
  const { id, seconds } = (stored ?? {}) as Record<string, unknown>;
  return typeof id === 'string' && typeof seconds === 'number' ? { id, seconds } : null;
};

const audio = (text: string) => new Blob([text], { type: 'audio/mpeg' });
const clips = (storage: VisitorStorage) => openVisitorCollection(storage, 'clips', readClip);

describe('a visitor collection (in memory, as tests and stories keep it)', () => {
  it('keeps items with their files, lists the items, and forgets one with its file', async () => {
    const collection = clips(memoryVisitorStorage());
    await collection.save([
      { item: { id: 'a', seconds: 3 }, file: audio('a') },
      { item: { id: 'b', seconds: 5 } },
    ]);
    expect(await collection.list()).toEqual([
      { id: 'a', seconds: 3 },
      { id: 'b', seconds: 5 },
    ]);
    await expect(collection.get('b')).resolves.toEqual({ id: 'b', seconds: 5 });
    await expect((await collection.file('a'))?.text()).resolves.toBe('a');
    await expect(collection.file('b')).resolves.toBeNull();
    await collection.remove('a');
    await expect(collection.get('a')).resolves.toBeNull();
    await expect(collection.file('a')).resolves.toBeNull();
    expect(await collection.list()).toEqual([{ id: 'b', seconds: 5 }]);
  });

  it('replaces an item saved again under its id', async () => {
    const collection = clips(memoryVisitorStorage());
    await collection.save([{ item: { id: 'a', seconds: 3 }, file: audio('old') }]);
    await collection.save([{ item: { id: 'a', seconds: 4 }, file: audio('new') }]);
    expect(await collection.list()).toEqual([{ id: 'a', seconds: 4 }]);
    await expect((await collection.file('a'))?.text()).resolves.toBe('new');
  });

  it('leaves out what no longer reads as an item (written by an older version)', async () => {
    const older = { id: 'old', length: '3s' };
    const newer = { id: 'new', seconds: 2 };
    const storage = memoryVisitorStorage({ clips: [{ item: older }, { item: newer }] });
    expect(await clips(storage).list()).toEqual([{ id: 'new', seconds: 2 }]);
    await expect(clips(storage).get('old')).resolves.toBeNull();
  });

  it('hands out copies, as a browser database does', async () => {
    const collection = clips(memoryVisitorStorage());
    const item = { id: 'a', seconds: 3 };
    await collection.save([{ item }]);
    item.seconds = 99;
    const [listed] = await collection.list();
    if (listed) listed.seconds = 42;
    await expect(collection.get('a')).resolves.toEqual({ id: 'a', seconds: 3 });
  });

  it('keeps each collection apart, and the same one for every reader of a storage', async () => {
    const storage = memoryVisitorStorage();
    await clips(storage).save([{ item: { id: 'a', seconds: 1 } }]);
    expect(await clips(storage).list()).toHaveLength(1);
    expect(await openVisitorCollection(storage, 'pieces', readClip).list()).toEqual([]);
  });

  it('rejects every call where the browser keeps nothing', async () => {
    const collection = clips(unavailableVisitorStorage);
    await expect(collection.list()).rejects.toSatisfy(isVisitorStorageUnavailable);
    await expect(collection.save([{ item: { id: 'a', seconds: 1 } }])).rejects.toSatisfy(
      isVisitorStorageUnavailable,
    );
  });
});

/** An IDBOpenDBRequest that answers when the test says, and the database its upgrade sees. */
function fakeOpenRequest() {
  const created: [string, IDBObjectStoreParameters | undefined][] = [];
  const database = {
    objectStoreNames: { contains: () => false },
    createObjectStore: (name: string, options?: IDBObjectStoreParameters) => {
      created.push([name, options]);
    },
  };
  const request = { result: database } as unknown as IDBOpenDBRequest;
  return { request, created };
}

describe('the browser storage (IndexedDB)', () => {
  it('keeps a collection in its own database, as the image tools’ pictures were kept', () => {
    const { request, created } = fakeOpenRequest();
    const open = vi.fn(() => request);
    void indexedDbStorage(() => ({ open }) as unknown as IDBFactory).open('images');
    // 'studio-visitor-images', version 1, 'images' by id and 'files': what a visitor's browser has.
    expect(open).toHaveBeenCalledWith('studio-visitor-images', 1);
    request.onupgradeneeded?.call(request, new Event('upgradeneeded') as IDBVersionChangeEvent);
    expect(created).toEqual([
      ['images', { keyPath: 'id' }],
      ['files', undefined],
    ]);
    expect(databaseName('clips')).toBe('studio-visitor-clips');
  });

  it('says the browser keeps nothing when there is no IndexedDB', async () => {
    const storage = indexedDbStorage(() => undefined);
    await expect(storage.open('images')).rejects.toSatisfy(isVisitorStorageUnavailable);
  });

  it('says so too when opening the database throws (a private window), and tries again later', async () => {
    const open = vi.fn(() => {
      throw new DOMException('A mutation operation was attempted', 'InvalidStateError');
    });
    const storage = indexedDbStorage(() => ({ open }) as unknown as IDBFactory);
    await expect(storage.open('images')).rejects.toSatisfy(isVisitorStorageUnavailable);
    await expect(storage.open('images')).rejects.toSatisfy(isVisitorStorageUnavailable);
    // A failed open is forgotten: storage turned back on is found on the next call.
    expect(open).toHaveBeenCalledTimes(2);
  });
});
