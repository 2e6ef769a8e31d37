import { shareResponse, uploadResponse } from '@studio/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { relaxedAuthLimits } from './support/auth.ts';
import { asUser, chatUser, insertConversation } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const notFound = { message: 'The requested resource was not found.' };

/**
 * security.md §1.6 8.2.2: user B holding user A's ids gets the same 404 as for an id that does
 * not exist, on every path to A's conversation and image, and changes nothing of A's.
 */
describe.each(databaseKinds)("another user's conversation and image on %s", (kind) => {
  const t = useTestApp(kind, relaxedAuthLimits);

  it('answer 404 to share, status, revoke, export and image reads', async () => {
    const alice = await chatUser(t.app, 'alice');
    const bob = await chatUser(t.app, 'bob');
    const asAlice = asUser(t.app, alice.bearer);
    const asBob = asUser(t.app, bob.bearer);
    const conversation = await insertConversation(t.app, alice.id, {
      title: "Alice's secrets",
      messages: [{ role: 'user', content: 'Only mine' }],
    });
    const share = shareResponse.parse(
      (await asAlice.post('/api/chat/share', { conversationId: conversation })).json(),
    );
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const boundary = 'ownership-boundary';
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: {
        authorization: `Bearer ${alice.bearer}`,
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
    const { imageUrl } = uploadResponse.parse(stored.json());

    const attempts = {
      'share create': () => asBob.post('/api/chat/share', { conversationId: conversation }),
      'share status': () => asBob.get(`/api/chat/share/status/${conversation}`),
      'share revoke': () => asBob.delete(`/api/chat/share/${conversation}`),
      'export json': () => asBob.get(`/api/chat/export/${conversation}?format=json`),
      'export markdown': () => asBob.get(`/api/chat/export/${conversation}?format=markdown`),
      'image read': () => asBob.get(imageUrl),
    };
    for (const [path, attempt] of Object.entries(attempts)) {
      const response = await attempt();
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toEqual(notFound);
    }

    // Nothing of Alice's changed: her link is the same and still live, Bob lists nothing.
    expect((await asAlice.get(`/api/chat/share/status/${conversation}`)).json()).toEqual({
      ...share,
      maxExpiresInDays: 30,
    });
    expect((await asUser(t.app, bob.bearer).get('/api/chat/shares')).json()).toEqual({ items: [] });
    expect((await asAlice.get(imageUrl)).statusCode).toBe(200);
    expect((await asAlice.get(`/api/chat/export/${conversation}`)).statusCode).toBe(200);
  });
});
