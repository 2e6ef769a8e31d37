import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskObjectStore } from '../src/storage/disk-object-store.ts';
import {
  type ObjectStore,
  ObjectStoreUnavailableError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
} from '../src/storage/object-store.ts';
import { createOrphanSweep } from '../src/storage/orphan-sweep.ts';
import { createS3ObjectStore } from '../src/storage/s3-object-store.ts';
import { type S3TestServer, startS3Server } from './support/s3-server.ts';
import { freePort } from './support/ports.ts';

/**
 * The one storage module's contract, run against both backends: the disk and an S3-compatible
 * server on loopback (s3rver, a real HTTP server checking signatures), through the real
 * @aws-sdk/client-s3 — never a mock of the client.
 */

const mebibyte = 1024 * 1024;
/** A logger that writes nothing (Fastify's own, with logging off). */
const silentLog = Fastify({ logger: false }).log;

/** `total` bytes in 256 KiB chunks of a pattern, as a stream of unknown length. */
function patternStream(total: number, { failAfter }: { failAfter?: number } = {}) {
  const chunk = 256 * 1024;
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('the client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(chunk, total - sent);
      const data = Buffer.alloc(size);
      for (let i = 0; i < size; i += 1) data[i] = (sent + i) % 251;
      sent += size;
      this.push(data);
    },
  });
}

function patternBytes(start: number, end: number): Buffer {
  const data = Buffer.alloc(end - start + 1);
  for (let i = 0; i < data.length; i += 1) data[i] = (start + i) % 251;
  return data;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function keysOf(store: ObjectStore, owner?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(owner)) keys.push(object.key);
  return keys.sort();
}

const put = (store: ObjectStore, owner: string, purpose = 'uploads', text = 'hello') =>
  store.put({
    owner,
    purpose,
    extension: 'txt',
    contentType: 'text/plain',
    body: Buffer.from(text),
    maxBytes: 1024,
  });

describe.each(['disk', 's3'] as const)('object store contract on %s', (backend) => {
  let store: ObjectStore;
  let s3: S3TestServer | undefined;
  let directory: string | undefined;
  /** Whatever a failed put may have left behind: unfinished multipart uploads, or temp files. */
  let leftovers: () => Promise<number>;

  beforeAll(async () => {
    if (backend === 's3') {
      s3 = await startS3Server();
      const server = s3;
      store = createS3ObjectStore({
        bucket: server.bucket,
        endpoint: server.endpoint,
        region: 'us-east-1',
        accessKeyId: server.accessKeyId,
        secretAccessKey: server.secretAccessKey,
        forcePathStyle: true,
        keyPrefix: 'contract/',
        // Two keys a page: every listing below pages.
        listPageSize: 2,
      });
      leftovers = () => server.pendingMultipartUploads();
    } else {
      const dir = await mkdtemp(path.join(tmpdir(), 'studio-disk-store-'));
      directory = dir;
      store = createDiskObjectStore({ directory: dir });
      leftovers = async () =>
        (await readdir(path.join(dir, '.incoming')).catch(() => [] as string[])).length;
    }
  });

  afterAll(async () => {
    await store?.close();
    await s3?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('streams a multi-megabyte body of unknown length in and out', async () => {
    const size = 12 * mebibyte + 12345;
    const stored = await store.put({
      owner: 'user:stream-owner',
      purpose: 'exports',
      extension: 'bin',
      contentType: 'application/octet-stream',
      body: patternStream(size),
      maxBytes: 20 * mebibyte,
    });
    expect(stored.key).toMatch(/^users\/stream-owner\/exports\/[0-9a-f]{32}\.bin$/);
    expect(stored.size).toBe(size);
    const object = await store.get(stored.key);
    if (!object) throw new Error('the object was not stored');
    expect(object.size).toBe(size);
    expect(object.range).toBeNull();
    const data = await buffer(object.body);
    expect(data.length).toBe(size);
    expect(sha256(data)).toBe(sha256(patternBytes(0, size - 1)));
    expect(await leftovers()).toBe(0);
  });

  it('reads byte ranges: start-end, an open end, an end past the object, and refuses one past it', async () => {
    const size = 3 * mebibyte;
    const { key } = await store.put({
      owner: 'user:range-owner',
      purpose: 'audio',
      extension: 'mp3',
      contentType: 'audio/mpeg',
      body: patternStream(size),
      maxBytes: size,
    });
    const read = async (start: number, end?: number) => {
      const object = await store.get(key, end === undefined ? { start } : { start, end });
      if (!object) throw new Error('the object is missing');
      return { object, data: await buffer(object.body) };
    };

    const middle = await read(mebibyte - 5, mebibyte + 4);
    expect(middle.object?.range).toEqual({ start: mebibyte - 5, end: mebibyte + 4 });
    expect(middle.object?.size).toBe(size);
    expect(middle.data.equals(patternBytes(mebibyte - 5, mebibyte + 4))).toBe(true);

    const tail = await read(size - 100);
    expect(tail.object?.range).toEqual({ start: size - 100, end: size - 1 });
    expect(tail.data.equals(patternBytes(size - 100, size - 1))).toBe(true);

    const clamped = await read(size - 10, size + 500);
    expect(clamped.object?.range).toEqual({ start: size - 10, end: size - 1 });
    expect(clamped.data.length).toBe(10);

    await expect(store.get(key, { start: size })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    await expect(store.get(key, { start: size + 10, end: size + 20 })).rejects.toMatchObject({
      size,
    });
  });

  it('fails a put as soon as more than maxBytes arrive, and keeps nothing of it', async () => {
    const owner = 'user:limit-owner';
    // Over 5 MiB before the limit: on S3 a multipart upload has begun and must be aborted.
    const body = patternStream(64 * mebibyte);
    const started = Date.now();
    await expect(
      store.put({
        owner,
        purpose: 'uploads',
        extension: 'bin',
        contentType: 'application/octet-stream',
        body,
        maxBytes: 7 * mebibyte,
      }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    // Refused mid-stream: the 64 MiB were not all read.
    expect(body.destroyed).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await keysOf(store, owner)).toEqual([]);
    expect(await leftovers()).toBe(0);

    await expect(
      store.put({
        owner,
        purpose: 'uploads',
        extension: 'txt',
        contentType: 'text/plain',
        body: Buffer.alloc(2048),
        maxBytes: 2047,
      }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await keysOf(store, owner)).toEqual([]);
  });

  it('keeps nothing of a put whose body fails midway (a client that went away)', async () => {
    const owner = 'user:broken-owner';
    await expect(
      store.put({
        owner,
        purpose: 'uploads',
        extension: 'bin',
        contentType: 'application/octet-stream',
        body: patternStream(20 * mebibyte, { failAfter: 6 * mebibyte }),
        maxBytes: 40 * mebibyte,
      }),
    ).rejects.toThrow();
    expect(await keysOf(store, owner)).toEqual([]);
    expect(await leftovers()).toBe(0);
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    const { key } = await put(store, 'user:delete-owner');
    expect(await store.head(key)).toMatchObject({ key, size: 5 });
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.head(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('lists by owner, and deletes one owner whole', async () => {
    const a = [
      await put(store, 'user:list-a', 'uploads'),
      await put(store, 'user:list-a', 'uploads'),
      await put(store, 'user:list-a', 'exports'),
    ];
    const b = await put(store, 'user:list-b');
    const system = await put(store, 'system', 'exports');
    expect(system.key).toMatch(/^system\/exports\/[0-9a-f]{32}\.txt$/);

    expect(await keysOf(store, 'user:list-a')).toEqual(a.map((o) => o.key).sort());
    expect(await keysOf(store, 'user:list-b')).toEqual([b.key]);
    const all = await keysOf(store);
    expect(all).toEqual(expect.arrayContaining([...a.map((o) => o.key), b.key, system.key]));

    expect(await store.deleteOwner('user:list-a')).toBe(3);
    expect(await keysOf(store, 'user:list-a')).toEqual([]);
    expect(await keysOf(store, 'user:list-b')).toEqual([b.key]);
    expect(await store.head(system.key)).not.toBeNull();
    expect(await store.deleteOwner('user:nobody')).toBe(0);
  });

  it('keeps the content type, from a closed table of types', async () => {
    const png = await store.put({
      owner: 'user:type-owner',
      purpose: 'images',
      extension: 'png',
      contentType: 'image/png',
      body: Buffer.from('not really a png'),
      maxBytes: 100,
    });
    const markdown = await store.put({
      owner: 'user:type-owner',
      purpose: 'exports',
      extension: 'md',
      contentType: 'text/markdown',
      body: Buffer.from('# Title'),
      maxBytes: 100,
    });
    expect((await store.head(png.key))?.contentType).toBe('image/png');
    const object = await store.get(markdown.key);
    expect(object?.contentType).toBe('text/markdown; charset=utf-8');
    object?.body.destroy();
    const listed = [];
    for await (const entry of store.list('user:type-owner')) listed.push(entry.contentType);
    expect(listed.sort()).toEqual(['image/png', 'text/markdown; charset=utf-8']);

    const refused = (extension: string, contentType: string) =>
      store.put({
        owner: 'user:type-owner',
        purpose: 'images',
        extension,
        contentType,
        body: Buffer.from('<script>alert(1)</script>'),
        maxBytes: 100,
      });
    await expect(refused('html', 'text/html')).rejects.toThrow(/keeps no \.html files/);
    await expect(refused('png', 'text/html')).rejects.toThrow(/image\/png, not text\/html/);
    await expect(refused('PNG', 'image/png')).rejects.toThrow(/not an object extension/);
  });

  it('makes every key itself, and refuses any other', async () => {
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/not an object store key/);
    await expect(store.get('users/x/uploads/../../../etc.txt')).rejects.toThrow(
      /not an object store key/,
    );
    await expect(put(store, 'user:../x')).rejects.toThrow(/not an object owner/);
    await expect(put(store, 'someone')).rejects.toThrow(/not an object owner/);
    await expect(put(store, 'user:ok', '../up')).rejects.toThrow(/not an object purpose/);
  });

  it('sweeps objects whose owner is gone or that no table names, after the grace period', async () => {
    const kept = await put(store, 'user:sweep-alive', 'uploads');
    const unreferenced = await put(store, 'user:sweep-alive', 'uploads');
    const ownerGone = await put(store, 'user:sweep-gone', 'uploads');
    const unregistered = await put(store, 'user:sweep-alive', 'notes');
    const referencedSystem = await put(store, 'system', 'uploads');
    const referenced = new Set([kept.key, ownerGone.key, referencedSystem.key]);
    let clock = new Date();
    const sweep = createOrphanSweep({
      store,
      // The users table's answer (the API suites use the real one).
      existingUserIds: async (ids) => new Set(ids.filter((id) => !id.startsWith('sweep-gone'))),
      log: silentLog,
      now: () => clock,
    });
    sweep.references.register('uploads', async (keys) => {
      return new Set(keys.filter((key) => referenced.has(key)));
    });
    expect(() => sweep.references.register('uploads', async () => new Set())).toThrow();

    // Young objects are left alone: their row may not be written yet.
    expect(await sweep.sweep()).toEqual({ deleted: 0 });
    clock = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const { deleted } = await sweep.sweep();
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await store.head(kept.key)).not.toBeNull();
    expect(await store.head(referencedSystem.key)).not.toBeNull();
    expect(await store.head(unregistered.key)).not.toBeNull();
    expect(await store.head(unreferenced.key)).toBeNull();
    expect(await store.head(ownerGone.key)).toBeNull();
  });

  it('answers ping while it can be reached', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('an object store that cannot be reached', () => {
  it('disk: a directory that cannot be created fails with ObjectStoreUnavailableError', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'studio-disk-broken-'));
    try {
      const blocker = path.join(scratch, 'a-file');
      await writeFile(blocker, 'not a directory');
      const store = createDiskObjectStore({ directory: path.join(blocker, 'store') });
      await expect(store.ping()).rejects.toBeInstanceOf(ObjectStoreUnavailableError);
      await expect(put(store, 'user:x')).rejects.toBeInstanceOf(ObjectStoreUnavailableError);
      await expect(put(store, 'user:x')).rejects.toThrow(
        'The file storage directory cannot be used (ENOTDIR).',
      );
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('S3 on a closed port: every operation fails quickly with a clear error naming no secret', async () => {
    const port = await freePort();
    const secretAccessKey = 'Q7v9nZp2WmX4kL8rT1yB6cD3fG5hJ0sE-unreached';
    const store = createS3ObjectStore({
      bucket: 'unreached',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'AKUNREACHED0000001',
      secretAccessKey,
      forcePathStyle: true,
      keyPrefix: '',
      connectTimeoutMs: 1000,
      maxAttempts: 2,
    });
    try {
      const started = Date.now();
      const failures = await Promise.allSettled([
        store.ping(),
        put(store, 'user:x'),
        store.put({
          owner: 'user:x',
          purpose: 'exports',
          extension: 'bin',
          contentType: 'application/octet-stream',
          body: patternStream(8 * mebibyte),
          maxBytes: 10 * mebibyte,
        }),
        store.get('users/x/uploads/0123456789abcdef0123456789abcdef.txt'),
        store.head('users/x/uploads/0123456789abcdef0123456789abcdef.txt'),
        store.delete('users/x/uploads/0123456789abcdef0123456789abcdef.txt'),
        keysOf(store, 'user:x'),
        store.deleteOwner('user:x'),
      ]);
      expect(Date.now() - started).toBeLessThan(5000);
      for (const failure of failures) {
        expect(failure.status).toBe('rejected');
        const reason = failure.status === 'rejected' ? (failure.reason as Error) : null;
        expect(reason).toBeInstanceOf(ObjectStoreUnavailableError);
        expect(reason?.message).toMatch(
          new RegExp(`^The object store at 127\\.0\\.0\\.1:${port} did not answer \\(\\w+\\)\\.$`),
        );
        expect(JSON.stringify(reason)).not.toContain(secretAccessKey);
      }
    } finally {
      await store.close();
    }
  });

  it('S3 with an unknown access key, or a missing bucket: refused with a clear reason', async () => {
    // s3rver checks the access key id (not SigV4 signatures): an unknown id stands for both.
    const s3 = await startS3Server();
    const options = {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      keyPrefix: '',
      maxAttempts: 1,
    };
    const wrongKey = createS3ObjectStore({
      ...options,
      bucket: s3.bucket,
      accessKeyId: 'AKNOTREGISTERED00001',
    });
    const noBucket = createS3ObjectStore({
      ...options,
      bucket: 'no-such-bucket',
      accessKeyId: s3.accessKeyId,
    });
    try {
      await expect(wrongKey.ping()).rejects.toThrow(/refused the access key/);
      await expect(put(wrongKey, 'user:x')).rejects.toBeInstanceOf(ObjectStoreUnavailableError);
      await expect(noBucket.ping()).rejects.toThrow(/has no bucket "no-such-bucket"/);
    } finally {
      await wrongKey.close();
      await noBucket.close();
      await s3.stop();
    }
  });

  it('S3 stopped while a put streams: ObjectStoreUnavailableError, and the object is not there', async () => {
    const s3 = await startS3Server();
    const store = createS3ObjectStore({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      keyPrefix: '',
      connectTimeoutMs: 1000,
      maxAttempts: 2,
    });
    try {
      const before = await put(store, 'user:stopped', 'uploads', 'kept');
      // A body that takes its time, and the server goes away after its first megabytes.
      const body = patternStream(30 * mebibyte);
      let seen = 0;
      let stopping: Promise<void> | null = null;
      body.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > 6 * mebibyte && !stopping) stopping = s3.stop();
      });
      const started = Date.now();
      await expect(
        store.put({
          owner: 'user:stopped',
          purpose: 'exports',
          extension: 'bin',
          contentType: 'application/octet-stream',
          body,
          maxBytes: 40 * mebibyte,
        }),
      ).rejects.toBeInstanceOf(ObjectStoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(10_000);
      // The source is let go, not left half-read (a request body would hang its connection).
      expect(body.destroyed).toBe(true);
      await stopping;
      await expect(store.head(before.key)).rejects.toBeInstanceOf(ObjectStoreUnavailableError);
    } finally {
      await store.close();
      await s3.stop();
    }
  });
});

describe('the disk store', () => {
  it('removes what a crash left in .incoming (older than an hour) before its first put', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'studio-disk-incoming-'));
    try {
      const incoming = path.join(directory, '.incoming');
      await mkdir(incoming);
      await writeFile(path.join(incoming, 'crashed.part'), 'half a file');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(path.join(incoming, 'crashed.part'), twoHoursAgo, twoHoursAgo);
      // Another process's put in progress is young: it stays.
      await writeFile(path.join(incoming, 'running.part'), 'being written');
      const store = createDiskObjectStore({ directory });
      await put(store, 'user:incoming');
      expect(await readdir(incoming)).toEqual(['running.part']);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
