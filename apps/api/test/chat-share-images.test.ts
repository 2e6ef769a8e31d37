import { sharedConversationResponse, shareResponse, uploadResponse } from '@studio/contracts';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { call, days, relaxedAuthLimits, testClock } from './support/auth.ts';
import { asUser, chatUser, insertConversation } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const notFound = { message: 'The requested resource was not found.' };
const sharedImagePattern = /^\/api\/chat\/share\/[A-Za-z0-9_-]{32}\/images\/[A-Za-z0-9_-]{22}$/;

/** Uploads a solid PNG of the given size as `bearer`; returns its owner-only URL. */
async function uploadPng(app: App, bearer: string, width: number): Promise<string> {
  const png = await sharp({
    create: { width, height: 4, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const boundary = 'share-images-boundary';
  const response = await app.inject({
    method: 'POST',
    url: '/api/chat/upload',
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(200);
  return uploadResponse.parse(response.json()).imageUrl;
}

/**
 * A shared conversation's images (issue 13 §2): a reader without an account sees the images
 * the snapshot shows, through the link only (security.md §1.6 8.2.2: the owner's upload URL
 * stays owner-only), and a dead link takes them with it.
 */
describe.each(databaseKinds)('shared images on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, relaxedAuthLimits, { now: clock.now });
  afterEach(() => clock.reset());

  /** A conversation of `owner` whose first message carries `imageUrls`, shared; its view. */
  async function shareWithImages(
    owner: { id: string; bearer: string },
    imageUrls: string[],
    expiresInDays = 7,
  ) {
    const conversationId = await insertConversation(t.app, owner.id, {
      title: 'Pictures',
      messages: [
        { role: 'user', content: 'What is this?', imageUrls },
        { role: 'assistant', content: 'A blue square.' },
        // A picture sent without words is still part of the conversation.
        { role: 'user', content: '', imageUrls: imageUrls.slice(0, 1) },
      ],
    });
    const api = asUser(t.app, owner.bearer);
    const share = shareResponse.parse(
      (await api.post('/api/chat/share', { conversationId, expiresInDays })).json(),
    );
    const slug = share.slug ?? '';
    const viewed = await call(t.app, 'GET', `/api/chat/share/${slug}`);
    expect(viewed.statusCode, viewed.body).toBe(200);
    return { api, conversationId, slug, view: sharedConversationResponse.parse(viewed.json()) };
  }

  it('serves the images the snapshot shows to an anonymous reader', async () => {
    const owner = await chatUser(t.app, 'share-images');
    const first = await uploadPng(t.app, owner.bearer, 6);
    const second = await uploadPng(t.app, owner.bearer, 9);
    const { slug, view } = await shareWithImages(owner, [first, second]);

    expect(view.messages.map((message) => message.imageUrls.length)).toEqual([2, 0, 1]);
    const [firstShared, secondShared] = view.messages[0]?.imageUrls ?? [];
    for (const url of [firstShared, secondShared]) expect(url).toMatch(sharedImagePattern);
    expect(firstShared).toContain(`/api/chat/share/${slug}/images/`);
    // The owner's own URL is not what a reader gets, and stays owner-only.
    expect(firstShared).not.toBe(first);
    expect((await call(t.app, 'GET', first)).statusCode).toBe(401);

    for (const [url, width] of [
      [firstShared, 6],
      [secondShared, 9],
    ] as const) {
      const served = await call(t.app, 'GET', url ?? '');
      expect(served.statusCode, served.body).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['cache-control']).toBe('no-store');
      expect(served.headers['x-robots-tag']).toContain('noindex');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width, height: 4 });
    }
  });

  it('serves nothing the link does not show, and nothing once it is revoked', async () => {
    const owner = await chatUser(t.app, 'share-images-scope');
    const shown = await uploadPng(t.app, owner.bearer, 5);
    // Also the owner's, but in no shared message.
    const unshown = await uploadPng(t.app, owner.bearer, 7);
    const { api, conversationId, slug, view } = await shareWithImages(owner, [shown]);
    const shownUrl = view.messages[0]?.imageUrls[0] ?? '';
    const unshownId = unshown.split('/').at(-1) ?? '';
    const shownId = shownUrl.split('/').at(-1) ?? '';
    const other = await shareWithImages(owner, []);

    const attempts = {
      'an image of the owner the snapshot does not show': `/api/chat/share/${slug}/images/${unshownId}`,
      "the image through another of the owner's links": `/api/chat/share/${other.slug}/images/${shownId}`,
      'an unknown slug': `/api/chat/share/${'A'.repeat(32)}/images/${shownId}`,
      'a malformed image id': `/api/chat/share/${slug}/images/..%2F..%2Fetc`,
      'a storage-key-shaped id': `/api/chat/share/${slug}/images/${'a'.repeat(32)}.png`,
    };
    for (const [what, url] of Object.entries(attempts)) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, what).toBe(404);
      expect(response.json(), what).toEqual(notFound);
    }

    expect((await call(t.app, 'GET', shownUrl)).statusCode).toBe(200);
    expect((await api.delete(`/api/chat/share/${conversationId}`)).statusCode).toBe(204);
    const revoked = await call(t.app, 'GET', shownUrl);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual(notFound);
  });

  it('dies with the link when it expires', async () => {
    const owner = await chatUser(t.app, 'share-images-expiry');
    const image = await uploadPng(t.app, owner.bearer, 3);
    const { view } = await shareWithImages(owner, [image], 1);
    const url = view.messages[0]?.imageUrls[0] ?? '';

    clock.advance(days(1) - 60_000);
    expect((await call(t.app, 'GET', url)).statusCode).toBe(200);
    clock.advance(61_000);
    const expired = await call(t.app, 'GET', url);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(notFound);
  });

  it("never serves another user's image, even when a message of the sharer names it", async () => {
    const alice = await chatUser(t.app, 'share-images-alice');
    const bob = await chatUser(t.app, 'share-images-bob');
    const bobsImage = await uploadPng(t.app, bob.bearer, 8);
    // A row naming Bob's upload (the chat refuses to send one; the share must not trust it).
    const { view } = await shareWithImages(alice, [bobsImage]);
    const url = view.messages[0]?.imageUrls[0] ?? '';
    expect(url).toMatch(sharedImagePattern);

    const response = await call(t.app, 'GET', url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
    expect((await asUser(t.app, bob.bearer).get(bobsImage)).statusCode).toBe(200);
  });

  it('keeps links made before images were shared readable, without images', async () => {
    const owner = await chatUser(t.app, 'share-images-old');
    const { conversationId, slug } = await shareWithImages(owner, []);
    // The snapshot as it was stored before: no imageIds.
    await t.app.db
      .updateTable('chat_shares')
      .set({
        snapshot: JSON.stringify({
          title: 'Old link',
          messages: [{ role: 'user', content: 'Hello', timestamp: '2026-01-01T00:00:00.000Z' }],
        }),
      })
      .where('conversation_id', '=', conversationId)
      .where('slug', '=', slug)
      .execute();
    const viewed = await call(t.app, 'GET', `/api/chat/share/${slug}`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toEqual({
      title: 'Old link',
      messages: [
        {
          role: 'user',
          content: 'Hello',
          timestamp: '2026-01-01T00:00:00.000Z',
          imageUrls: [],
        },
      ],
    });
  });
});
