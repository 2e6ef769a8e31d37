import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { uploadResponse } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { call, relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { freePort } from './support/ports.ts';
import { startS3Server } from './support/s3-server.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * Chat images on the S3 backend, through the whole app on both databases: the bucket is an
 * s3rver on loopback, reached with the real client. The upload is kept in the bucket under its
 * owner, served streamed (whole or by range) only to its owner, and goes with the account; an
 * unreachable store answers 503 and loses nothing.
 */

const s3 = await startS3Server();
afterAll(() => s3.stop());

/** Where nothing answers: a port bound, then closed. */
const unreachablePort = await freePort();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .png()
    .toBuffer();

function uploadImage(app: App, bearer: string, data: Buffer) {
  const boundary = `----studio${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/chat/upload',
    payload,
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

const fetchAs = (app: App, bearer: string, url: string, range?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${bearer}`, ...(range ? { range } : {}) },
  });

async function objectKeys(app: App, owner: string) {
  const keys: string[] = [];
  for await (const object of app.storage.list(owner)) keys.push(object.key);
  return keys;
}

describe.each(databaseKinds)('chat images in an S3 bucket on %s', (kind) => {
  const t = useTestApp(kind, { ...relaxedAuthLimits, ...s3.env, S3_KEY_PREFIX: `api-${kind}` });

  it('keeps an upload in the bucket and serves it streamed, whole and by range, to its owner only', async () => {
    expect(t.app.storage.backend).toBe('s3');
    const owner = await chatUser(t.app, 's3-owner');
    const other = await chatUser(t.app, 's3-other');
    const uploaded = await uploadImage(t.app, owner.bearer, await png(48, 32));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { imageUrl } = uploadResponse.parse(uploaded.json());
    const [key] = await objectKeys(t.app, `user:${owner.id}`);
    expect(key).toMatch(new RegExp(`^users/${owner.id}/uploads/[0-9a-f]{32}\\.png$`));

    const whole = await fetchAs(t.app, owner.bearer, imageUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=86400',
      'content-length': String(whole.rawPayload.length),
    });
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(48);
    const size = whole.rawPayload.length;

    const part = await fetchAs(t.app, owner.bearer, imageUrl, 'bytes=0-15');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-15/${size}`);
    expect(part.headers['content-length']).toBe('16');
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 16))).toBe(true);

    const suffix = await fetchAs(t.app, owner.bearer, imageUrl, 'bytes=-10');
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);

    const outside = await fetchAs(t.app, owner.bearer, imageUrl, `bytes=${size}-`);
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);

    // The same URL, with the same Range, to someone else: as absent as an unknown image.
    for (const range of [undefined, 'bytes=0-15']) {
      const stranger = await fetchAs(t.app, other.bearer, imageUrl, range);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual({ message: 'The requested resource was not found.' });
    }
  });

  it("deletes the account's objects with the account", async () => {
    const leaving = await chatUser(t.app, 's3-leaving');
    const staying = await chatUser(t.app, 's3-staying');
    for (const user of [leaving, leaving, staying]) {
      expect((await uploadImage(t.app, user.bearer, await png(8, 8))).statusCode).toBe(200);
    }
    expect(await objectKeys(t.app, `user:${leaving.id}`)).toHaveLength(2);
    const deleted = await call(
      t.app,
      'DELETE',
      '/api/userprofile',
      { confirm: 'DELETE' },
      { bearer: leaving.bearer },
    );
    expect(deleted.statusCode).toBe(204);
    expect(await objectKeys(t.app, `user:${leaving.id}`)).toEqual([]);
    expect(await objectKeys(t.app, `user:${staying.id}`)).toHaveLength(1);
  });

  it('moves the images kept before the object store into the bucket, once', async () => {
    const owner = await chatUser(t.app, 's3-legacy');
    const legacyDir = t.app.config.uploads.legacyDir;
    await mkdir(legacyDir, { recursive: true });
    const image = await png(20, 10);
    const legacyKey = `${'ab'.repeat(16)}.png`;
    await writeFile(path.join(legacyDir, legacyKey), image);
    // A file no row names is not the migration's to touch.
    const strayKey = `${'cd'.repeat(16)}.png`;
    await writeFile(path.join(legacyDir, strayKey), image);
    const id = 'LegacyUpload0000000001';
    await t.app.db
      .insertInto('chat_uploads')
      .values({
        id,
        user_id: owner.id,
        mime_type: 'image/png',
        width: 20,
        height: 10,
        bytes: image.length,
        storage_key: legacyKey,
        created_at: new Date().toISOString(),
      })
      .execute();

    // A row whose flat file is not there (yet) cannot be moved: it answers 404, not an error.
    const unmovedId = 'LegacyUpload0000000002';
    await t.app.db
      .insertInto('chat_uploads')
      .values({
        id: unmovedId,
        user_id: owner.id,
        mime_type: 'image/png',
        width: 20,
        height: 10,
        bytes: image.length,
        storage_key: `${'ef'.repeat(16)}.png`,
        created_at: new Date().toISOString(),
      })
      .execute();

    expect(await t.app.imageUploads.migrateLegacyFiles(legacyDir)).toBe(1);
    expect(await t.app.imageUploads.migrateLegacyFiles(legacyDir)).toBe(0);
    const row = await t.app.db
      .selectFrom('chat_uploads')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(new RegExp(`^users/${owner.id}/uploads/[0-9a-f]{32}\\.png$`));
    expect(await readdir(legacyDir)).toEqual([strayKey]);
    const served = await fetchAs(t.app, owner.bearer, `/api/chat/uploads/${id}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect((await fetchAs(t.app, owner.bearer, `/api/chat/uploads/${unmovedId}`)).statusCode).toBe(
      404,
    );
  });

  it('reports the object store ready', async () => {
    const results = await t.app.readiness.run();
    expect(results).toContainEqual({ name: 'object-store', ok: true });
  });
});

describe.each(databaseKinds)('an object store that cannot be reached, on %s', (kind) => {
  const t = useTestApp(kind, {
    ...relaxedAuthLimits,
    ...s3.env,
    S3_ENDPOINT: `http://127.0.0.1:${unreachablePort}`,
  });

  it('answers an upload 503 with a clear message, and keeps no row', async () => {
    const owner = await chatUser(t.app, 's3-down');
    const started = Date.now();
    const response = await uploadImage(t.app, owner.bearer, await png(8, 8));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'File storage is unavailable right now. Please try again later.',
    });
    const rows = await t.app.db
      .selectFrom('chat_uploads')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('still deletes an account (its files are left for the sweep)', async () => {
    const owner = await chatUser(t.app, 's3-down-delete');
    const deleted = await call(
      t.app,
      'DELETE',
      '/api/userprofile',
      { confirm: 'DELETE' },
      { bearer: owner.bearer },
    );
    expect(deleted.statusCode).toBe(204);
  });

  it('fails readiness, naming the object store', async () => {
    const results = await t.app.readiness.run();
    const store = results.find((result) => result.name === 'object-store');
    expect(store?.ok).toBe(false);
    expect(store?.error).toMatch(/^The object store at 127\.0\.0\.1:\d+ did not answer/);
    expect(store?.error).not.toContain(s3.secretAccessKey);
  });
});

describe.each(databaseKinds)(
  'readiness on a server that cannot page a listing (plain s3rver on Node 20), on %s',
  (kind) => {
    let plain: Awaited<ReturnType<typeof startS3Server>>;
    const env: Record<string, string> = {};
    beforeAll(async () => {
      plain = await startS3Server({ failPagedListings: true });
      Object.assign(env, relaxedAuthLimits, plain.env);
    });
    afterAll(() => plain.stop());
    const t = useTestApp(kind, env);

    it('stays ready however many objects the bucket holds', async () => {
      const owner = await chatUser(t.app, 's3-plain');
      for (const side of [8, 9, 10]) {
        expect((await uploadImage(t.app, owner.bearer, await png(side, side))).statusCode).toBe(
          200,
        );
      }
      // The stand-in does refuse a listing cut into pages, as plain s3rver does.
      const client = new S3Client({
        endpoint: plain.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: plain.accessKeyId, secretAccessKey: plain.secretAccessKey },
      });
      await expect(
        client.send(new ListObjectsV2Command({ Bucket: plain.bucket, MaxKeys: 1 })),
      ).rejects.toMatchObject({ $metadata: { httpStatusCode: 500 } });
      client.destroy();

      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(await t.app.readiness.run()).toContainEqual({ name: 'object-store', ok: true });
    });
  },
);
