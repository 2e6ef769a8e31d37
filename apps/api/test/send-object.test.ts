import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskObjectStore } from '../src/storage/disk-object-store.ts';
import type { ObjectStore } from '../src/storage/object-store.ts';
import { sendObject } from '../src/storage/send-object.ts';

/**
 * sendObject's HTTP answer, on a real store (the disk) behind a bare Fastify route: the headers
 * every stored file is served with, and how each kind of Range header is answered.
 */
describe('sendObject', () => {
  let directory: string;
  let store: ObjectStore;
  let app: FastifyInstance;
  let key: string;
  const warnings: string[] = [];
  const content = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'studio-send-object-'));
    store = createDiskObjectStore({ directory });
    ({ key } = await store.put({
      owner: 'user:reader',
      purpose: 'exports',
      extension: 'md',
      contentType: 'text/markdown',
      body: content,
      maxBytes: 100,
    }));
    // Fastify warns when a handler answers a reply that was already sent: none may appear.
    app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    });
    app.get<{ Querystring: { key: string; download?: string } }>(
      '/file',
      async (request, reply) => {
        const sent = await sendObject(reply, store, request.query.key, {
          range: request.headers.range,
          ...(request.query.download
            ? { disposition: { attachment: request.query.download } }
            : {}),
        });
        return sent ? reply : reply.code(404).send({ message: 'not found' });
      },
    );
    await app.ready();
  });

  afterAll(async () => {
    // Every answer above was sent once (an awaited reply resolves to undefined, see sendObject).
    expect(warnings).toEqual([]);
    await app.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const get = (range?: string, query: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: '/file',
      query: { key, ...query },
      headers: range ? { range } : {},
    });

  it('sends the whole file with its type, its length and the headers every stored file has', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'text/markdown; charset=utf-8',
      'content-length': String(content.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
      'cache-control': 'private',
      'accept-ranges': 'bytes',
    });
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=30-', 30, 35],
    ['bytes=-6', 30, 35],
    ['bytes=10-1000', 10, 35],
  ])('answers %s with 206 and its Content-Range', async (range, start, end) => {
    const response = await get(range);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/36`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(content.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=36-', 'bytes=100-200', 'bytes=-0'])(
    'answers %s, outside the file, with 416 and its size',
    async (range) => {
      const response = await get(range);
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */36');
      expect(response.json()).toEqual({ message: 'The requested range is not satisfiable.' });
    },
  );

  it.each(['bytes=0-1,4-5', 'bytes=abc', 'items=0-5', 'bytes=9-3'])(
    'sends the whole file for a Range it does not serve (%s)',
    async (range) => {
      const response = await get(range);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(content)).toBe(true);
    },
  );

  it('names a download, safely for any file name', async () => {
    const response = await get(undefined, { download: 'Cuộc trò chuyện "1".md' });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Cu_c tr_ chuy_n _1_.md"; filename*=UTF-8''Cu%E1%BB%99c%20tr%C3%B2%20chuy%E1%BB%87n%20%221%22.md`,
    );
  });

  it('resolves to null for a key with no object, so the route answers 404', async () => {
    const missing = key.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    expect((await get(undefined, { key: missing })).statusCode).toBe(404);
    expect((await get('bytes=-5', { key: missing })).statusCode).toBe(404);
  });
});
