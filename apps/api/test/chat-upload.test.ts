import { crc32, deflateSync } from 'node:zlib';
import { uploadResponse } from '@studio/contracts';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { call, relaxedAuthLimits, testClock } from './support/auth.ts';
import { asUser, chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const uploadUrlPattern = /^\/api\/chat\/uploads\/[A-Za-z0-9_-]{22}$/;

/** A multipart/form-data body the way a browser's FormData sends one file. */
function multipart(file: { data: Buffer; filename: string; type: string; field?: string }) {
  const boundary = `----studio${Math.random().toString(16).slice(2)}`;
  const head = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"`,
    `Content-Type: ${file.type}`,
    '',
    '',
  ].join('\r\n');
  return {
    payload: Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  app: App,
  bearer: string | null,
  file: { data: Buffer; filename: string; type: string; field?: string },
) {
  const body = multipart(file);
  return app.inject({
    method: 'POST',
    url: '/api/chat/upload',
    payload: body.payload,
    headers: {
      'content-type': body.contentType,
      ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
    },
  });
}

const colour = { r: 200, g: 40, b: 90 };
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** A PNG header that claims a size, with one tiny IDAT: what a decompression bomb looks like. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(databaseKinds)('image upload on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(
    kind,
    { ...relaxedAuthLimits, UPLOAD_MAX_BYTES: '300000' },
    { now: clock.now },
  );
  afterEach(() => clock.reset());

  async function expectStored(bearer: string, response: Awaited<ReturnType<typeof upload>>) {
    expect(response.statusCode, response.body).toBe(200);
    const { imageUrl } = uploadResponse.parse(response.json());
    expect(imageUrl).toMatch(uploadUrlPattern);
    const served = await asUser(t.app, bearer).get(imageUrl);
    expect(served.statusCode).toBe(200);
    return { imageUrl, served, metadata: await sharp(served.rawPayload).metadata() };
  }

  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['webp', 'image/webp', 'webp'],
    // A GIF keeps its first frame, as a PNG.
    ['gif', 'image/png', 'png'],
  ] as const)('accepts %s and serves it re-encoded as %s', async (format, mimeType, stored) => {
    const owner = await chatUser(t.app, `upload-${format}`);
    const image = await solid(40, 30).toFormat(format).toBuffer();
    // Bytes after the image's end are not part of the picture and must not survive.
    const smuggled = Buffer.concat([image, Buffer.from('<script>alert(1)</script>')]);
    const response = await upload(t.app, owner.bearer, {
      data: smuggled,
      filename: 'picture.bin',
      type: 'application/octet-stream',
    });
    const { served, metadata } = await expectStored(owner.bearer, response);
    expect(served.headers['content-type']).toBe(mimeType);
    expect(metadata).toMatchObject({ format: stored, width: 40, height: 30 });
    expect(served.rawPayload.includes('<script>')).toBe(false);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('strips EXIF (GPS, camera, author) and turns the picture upright', async () => {
    const owner = await chatUser(t.app, 'upload-exif');
    const photo = await solid(40, 20)
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Secret Photographer', Copyright: 'Private' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 1/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);
    expect(photo.includes('Secret Photographer')).toBe(true);

    const { served, metadata } = await expectStored(
      owner.bearer,
      await upload(t.app, owner.bearer, { data: photo, filename: 'photo.jpg', type: 'image/jpeg' }),
    );
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(served.rawPayload.includes('Secret Photographer')).toBe(false);
    // Orientation 6 is a quarter turn: the stored picture is 20 wide and 40 high.
    expect(metadata).toMatchObject({ width: 20, height: 40 });
  });

  it.each([
    [
      'a text file named .png',
      Buffer.from('just some text, not an image'),
      'notes.png',
      'image/png',
    ],
    [
      'an SVG with a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ),
      'image.svg',
      'image/svg+xml',
    ],
    [
      'HTML posing as a JPEG',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'x.jpg',
      'image/jpeg',
    ],
  ])('refuses %s (415)', async (_label, data, filename, type) => {
    const owner = await chatUser(t.app, 'upload-type');
    const response = await upload(t.app, owner.bearer, { data, filename, type });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'Only PNG, JPEG, WebP and GIF images can be uploaded.',
    });
  });

  it('refuses a file over UPLOAD_MAX_BYTES (413)', async () => {
    const owner = await chatUser(t.app, 'upload-big');
    const data = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(300_001)]);
    const response = await upload(t.app, owner.bearer, {
      data,
      filename: 'big.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The image is larger than 0.3 MB.' });
  });

  it.each([
    ['a side over 8192 pixels', () => solid(9000, 10).png().toBuffer()],
    ['over 40 megapixels (a decompression bomb)', async () => pngClaiming(7000, 7000)],
    ['a gigapixel claim', async () => pngClaiming(50_000, 50_000)],
  ])('refuses %s (413)', async (_label, make) => {
    const owner = await chatUser(t.app, 'upload-pixels');
    const response = await upload(t.app, owner.bearer, {
      data: await make(),
      filename: 'huge.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The image is too large: at most 8192 pixels a side and 40 megapixels.',
    });
  });

  it('refuses a damaged image, a missing file and a body that is not multipart', async () => {
    const owner = await chatUser(t.app, 'upload-bad');
    const png = await solid(64, 64).png().toBuffer();
    const damaged = await upload(t.app, owner.bearer, {
      data: Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]),
      filename: 'broken.png',
      type: 'image/png',
    });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toEqual({ message: 'The image could not be read. It may be damaged.' });

    const wrongField = await upload(t.app, owner.bearer, {
      data: png,
      filename: 'a.png',
      type: 'image/png',
      field: 'image',
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({
      message: 'Choose an image to upload (form field "file").',
    });

    const boundary = 'two-parts';
    const twoParts = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: {
        authorization: `Bearer ${owner.bearer}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(twoParts.statusCode).toBe(400);
    expect(twoParts.json()).toEqual({ message: 'Choose an image to upload (form field "file").' });

    const json = await asUser(t.app, owner.bearer).post('/api/chat/upload', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      message: 'Send the image as multipart/form-data in the form field "file".',
    });
  });

  it('is for signed-in users only', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const visitor = await upload(t.app, null, { data: png, filename: 'a.png', type: 'image/png' });
    expect(visitor.statusCode).toBe(401);
    const owner = await chatUser(t.app, 'upload-visitor');
    const { imageUrl } = uploadResponse.parse(
      (
        await upload(t.app, owner.bearer, { data: png, filename: 'a.png', type: 'image/png' })
      ).json(),
    );
    expect((await call(t.app, 'GET', imageUrl)).statusCode).toBe(401);
  });

  it('serves an image to its owner only, and hands its bytes to chat only for the owner', async () => {
    const owner = await chatUser(t.app, 'upload-owner');
    const other = await chatUser(t.app, 'upload-other');
    const png = await solid(12, 12).png().toBuffer();
    const { imageUrl } = uploadResponse.parse(
      (
        await upload(t.app, owner.bearer, { data: png, filename: 'a.png', type: 'image/png' })
      ).json(),
    );

    const stranger = await asUser(t.app, other.bearer).get(imageUrl);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'The requested resource was not found.' });
    const unknown = await asUser(t.app, owner.bearer).get(
      '/api/chat/uploads/AAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(unknown.statusCode).toBe(404);

    const resolved = await t.app.uploads.resolveOwned(owner.id, imageUrl);
    expect(resolved?.mimeType).toBe('image/png');
    expect((await sharp(resolved?.data).metadata()).width).toBe(12);
    const absolute = await t.app.uploads.resolveOwned(
      owner.id,
      `${t.app.config.publicUrl}${imageUrl}`,
    );
    expect(absolute?.id).toBe(resolved?.id);
    expect(await t.app.uploads.resolveOwned(other.id, imageUrl)).toBeNull();
    for (const url of [
      `https://elsewhere.example${imageUrl}`,
      `${imageUrl}?x=1`,
      '/api/chat/uploads/../../etc/passwd',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(await t.app.uploads.resolveOwned(owner.id, url), url).toBeNull();
    }
  });

  it("removes a deleted account's files with it, and orphans in the sweep", async () => {
    const owner = await chatUser(t.app, 'upload-sweep');
    const keeper = await chatUser(t.app, 'upload-keeper');
    const png = await solid(10, 10).png().toBuffer();
    for (const user of [owner, keeper]) {
      const stored = await upload(t.app, user.bearer, {
        data: png,
        filename: 'a.png',
        type: 'image/png',
      });
      expect(stored.statusCode).toBe(200);
    }
    const keyOf = async (userId: string) =>
      (
        await t.app.db
          .selectFrom('chat_uploads')
          .select('storage_key')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).storage_key;
    const ownerKey = await keyOf(owner.id);
    const keeperKey = await keyOf(keeper.id);
    expect(ownerKey).toMatch(new RegExp(`^users/${owner.id}/uploads/[0-9a-f]{32}\\.png$`));

    const deleted = await call(
      t.app,
      'DELETE',
      '/api/userprofile',
      { confirm: 'DELETE' },
      {
        bearer: owner.bearer,
      },
    );
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.storage.head(ownerKey)).toBeNull();
    expect(await t.app.storage.head(keeperKey)).not.toBeNull();

    // A file whose row was never written: the sweep leaves it for an hour, then removes it.
    const orphan = await t.app.storage.put({
      owner: `user:${keeper.id}`,
      purpose: 'uploads',
      extension: 'png',
      contentType: 'image/png',
      body: png,
      maxBytes: png.length,
    });
    expect(await t.app.storageSweep()).toEqual({ deleted: 0 });
    clock.advance(2 * 60 * 60 * 1000);
    expect((await t.app.storageSweep()).deleted).toBeGreaterThanOrEqual(1);
    expect(await t.app.storage.head(orphan.key)).toBeNull();
    expect(await t.app.storage.head(keeperKey)).not.toBeNull();
  });
});
