import { sharedConversationResponse, sharedLinksResponse, shareResponse } from '@studio/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CookieJar,
  call,
  days,
  relaxedAuthLimits,
  signInWithCode,
  testClock,
  uniqueEmail,
} from './support/auth.ts';
import { appendMessage, asUser, chatUser, insertConversation } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const goneText = 'This shared conversation does not exist or has expired.';
const slugPattern = /^[A-Za-z0-9_-]{32}$/;

const exchange = [
  { role: 'user', content: 'What is a haiku?' },
  { role: 'assistant', content: 'A short poem in **three** lines.' },
  { role: 'user', content: 'Write one.' },
  // A failed reply keeps what it wrote, but it is not part of what is shared.
  { role: 'assistant', content: 'Autumn moonlight', status: 'error' },
  { role: 'assistant', content: '', status: 'error' },
  { role: 'assistant', content: 'An old silent pond', status: 'stopped' },
] as const;

describe.each(databaseKinds)('share links on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, relaxedAuthLimits, { now: clock.now });
  afterEach(() => clock.reset());

  const publicView = (slug: string) => call(t.app, 'GET', `/api/chat/share/${slug}`);

  it('shares a snapshot of the finished messages, readable by anyone with the link', async () => {
    const owner = await chatUser(t.app, 'share-owner');
    const api = asUser(t.app, owner.bearer);
    const id = await insertConversation(t.app, owner.id, {
      title: 'Haiku lesson',
      messages: [...exchange],
      start: new Date('2026-03-01T10:00:00.000Z'),
    });

    const before = Date.now();
    const created = await api.post('/api/chat/share', { conversationId: id, expiresInDays: 3 });
    expect(created.statusCode, created.body).toBe(200);
    const share = shareResponse.parse(created.json());
    expect(share.isShared).toBe(true);
    expect(share.slug).toMatch(slugPattern);
    expect(share.shareUrl).toBe(`${t.app.config.publicUrl}/share/${share.slug}`);
    const expires = Date.parse(share.expiresAt ?? '');
    expect(expires).toBeGreaterThanOrEqual(before + days(3));
    expect(expires).toBeLessThanOrEqual(Date.now() + days(3));

    const viewed = await publicView(share.slug ?? '');
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.headers['cache-control']).toBe('no-store');
    expect(viewed.headers['x-robots-tag']).toContain('noindex');
    expect(sharedConversationResponse.parse(viewed.json())).toEqual({
      title: 'Haiku lesson',
      messages: [
        {
          role: 'user',
          content: 'What is a haiku?',
          timestamp: '2026-03-01T10:00:01.000Z',
          imageUrls: [],
        },
        {
          role: 'assistant',
          content: 'A short poem in **three** lines.',
          timestamp: '2026-03-01T10:00:02.000Z',
          imageUrls: [],
        },
        {
          role: 'user',
          content: 'Write one.',
          timestamp: '2026-03-01T10:00:03.000Z',
          imageUrls: [],
        },
        {
          role: 'assistant',
          content: 'An old silent pond',
          timestamp: '2026-03-01T10:00:06.000Z',
          imageUrls: [],
        },
      ],
    });
  });

  it('keeps the snapshot when the conversation goes on or is renamed', async () => {
    const owner = await chatUser(t.app, 'share-snapshot');
    const id = await insertConversation(t.app, owner.id, {
      title: 'Before',
      messages: [{ role: 'user', content: 'First' }],
    });
    const share = shareResponse.parse(
      (await asUser(t.app, owner.bearer).post('/api/chat/share', { conversationId: id })).json(),
    );
    await appendMessage(t.app, id, { role: 'assistant', content: 'Said later' });
    await t.app.db
      .updateTable('chat_conversations')
      .set({ title: 'After' })
      .where('id', '=', id)
      .execute();

    const viewed = await publicView(share.slug ?? '');
    expect(viewed.json()).toMatchObject({ title: 'Before', messages: [{ content: 'First' }] });
    expect(viewed.json().messages).toHaveLength(1);
  });

  it('expires after 7 days unless told otherwise, and validates the request', async () => {
    const owner = await chatUser(t.app, 'share-default');
    const api = asUser(t.app, owner.bearer);
    const id = await insertConversation(t.app, owner.id, { title: 'Default expiry' });
    const share = shareResponse.parse(
      (await api.post('/api/chat/share', { conversationId: id })).json(),
    );
    const inDays = (Date.parse(share.expiresAt ?? '') - Date.now()) / days(1);
    expect(inDays).toBeGreaterThan(6.99);
    expect(inDays).toBeLessThanOrEqual(7);

    for (const body of [
      { conversationId: id, expiresInDays: 0 },
      { conversationId: id, expiresInDays: 366 },
      { conversationId: id, expiresInDays: 1.5 },
      { conversationId: '' },
      {},
    ]) {
      const refused = await api.post('/api/chat/share', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('reports the status, and revoking kills the link at once', async () => {
    const owner = await chatUser(t.app, 'share-revoke');
    const api = asUser(t.app, owner.bearer);
    const id = await insertConversation(t.app, owner.id, {
      title: 'To revoke',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    // A Free account: its links live up to 30 days, and the status says so (issue 22 §5).
    const notShared = {
      isShared: false,
      slug: null,
      shareUrl: null,
      expiresAt: null,
      maxExpiresInDays: 30,
    };

    expect((await api.get(`/api/chat/share/status/${id}`)).json()).toEqual(notShared);
    const share = shareResponse.parse(
      (await api.post('/api/chat/share', { conversationId: id, expiresInDays: 30 })).json(),
    );
    const status = await api.get(`/api/chat/share/status/${id}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ ...share, maxExpiresInDays: 30 });

    const revoked = await api.delete(`/api/chat/share/${id}`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    const gone = await publicView(share.slug ?? '');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: goneText });
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await api.get(`/api/chat/share/status/${id}`)).json()).toEqual(notShared);
    // Revoking again is harmless.
    expect((await api.delete(`/api/chat/share/${id}`)).statusCode).toBe(204);
  });

  it('sharing again gives a new link and revokes the old one', async () => {
    const owner = await chatUser(t.app, 'share-again');
    const api = asUser(t.app, owner.bearer);
    const id = await insertConversation(t.app, owner.id, {
      title: 'Twice',
      messages: [{ role: 'user', content: 'One' }],
    });
    const first = shareResponse.parse(
      (await api.post('/api/chat/share', { conversationId: id })).json(),
    );
    await appendMessage(t.app, id, { role: 'assistant', content: 'Two' });
    const second = shareResponse.parse(
      (await api.post('/api/chat/share', { conversationId: id })).json(),
    );

    expect(second.slug).not.toBe(first.slug);
    expect((await publicView(first.slug ?? '')).statusCode).toBe(404);
    const viewed = await publicView(second.slug ?? '');
    expect(viewed.json().messages.map((m: { content: string }) => m.content)).toEqual([
      'One',
      'Two',
    ]);
    expect((await api.get(`/api/chat/share/status/${id}`)).json()).toEqual({
      ...second,
      maxExpiresInDays: 30,
    });
  });

  it('dies when it expires', async () => {
    const email = uniqueEmail('share-expiry');
    const { session } = await signInWithCode(t.app, email);
    const id = await insertConversation(t.app, session.user.id, {
      title: 'Short-lived',
      messages: [{ role: 'user', content: 'Soon gone' }],
    });
    const share = shareResponse.parse(
      (
        await asUser(t.app, session.accessToken).post('/api/chat/share', {
          conversationId: id,
          expiresInDays: 1,
        })
      ).json(),
    );

    clock.advance(days(1) - 60_000);
    expect((await publicView(share.slug ?? '')).statusCode).toBe(200);
    clock.advance(61_000);
    const expired = await publicView(share.slug ?? '');
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: goneText });

    // A fresh sign-in on the moved clock: the status and the list agree.
    const again = await signInWithCode(t.app, email);
    const api = asUser(t.app, again.session.accessToken);
    expect((await api.get(`/api/chat/share/status/${id}`)).json()).toMatchObject({
      isShared: false,
    });
    expect((await api.get('/api/chat/shares')).json()).toEqual({ items: [] });
  });

  it('makes long random slugs', async () => {
    const owner = await chatUser(t.app, 'share-slugs');
    const api = asUser(t.app, owner.bearer);
    const id = await insertConversation(t.app, owner.id, { title: 'Slugs' });
    const slugs = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const share = shareResponse.parse(
        (await api.post('/api/chat/share', { conversationId: id })).json(),
      );
      expect(share.slug).toMatch(slugPattern);
      // 32 base64url characters: 24 random bytes, 192 bits.
      expect(Buffer.from(share.slug ?? '', 'base64url')).toHaveLength(24);
      slugs.add(share.slug ?? '');
    }
    expect(slugs.size).toBe(20);
    // Every character position varies: nothing is a counter or a timestamp.
    for (let position = 0; position < 32; position += 1) {
      expect(new Set([...slugs].map((slug) => slug[position])).size).toBeGreaterThan(1);
    }
  });

  it.each(['unknown', 'A'.repeat(32), 'a'.repeat(100), '..%2F..%2Fetc'])(
    'answers 404 for the slug %s',
    async (slug) => {
      const response = await publicView(slug);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: goneText });
    },
  );

  it("lists the user's live links, newest first", async () => {
    const owner = await chatUser(t.app, 'share-list');
    const api = asUser(t.app, owner.bearer);
    const older = await insertConversation(t.app, owner.id, { title: 'Older' });
    const newer = await insertConversation(t.app, owner.id, { title: 'Newer' });
    const revoked = await insertConversation(t.app, owner.id, { title: 'Revoked' });
    const first = shareResponse.parse(
      (await api.post('/api/chat/share', { conversationId: older })).json(),
    );
    clock.advance(1_000);
    const second = shareResponse.parse(
      (await api.post('/api/chat/share', { conversationId: newer, expiresInDays: 2 })).json(),
    );
    clock.advance(1_000);
    await api.post('/api/chat/share', { conversationId: revoked });
    await api.delete(`/api/chat/share/${revoked}`);
    // Another user's links never show.
    const other = await chatUser(t.app, 'share-list-other');
    const theirs = await insertConversation(t.app, other.id, { title: 'Theirs' });
    await asUser(t.app, other.bearer).post('/api/chat/share', { conversationId: theirs });

    const listed = await api.get('/api/chat/shares');
    expect(listed.statusCode).toBe(200);
    const { items } = sharedLinksResponse.parse(listed.json());
    expect(items.map((item) => [item.conversationId, item.title, item.slug])).toEqual([
      [newer, 'Newer', second.slug],
      [older, 'Older', first.slug],
    ]);
    expect(items[0]).toMatchObject({ shareUrl: second.shareUrl, expiresAt: second.expiresAt });
  });

  it('needs a signed-in owner for everything but the public view', async () => {
    const anonymous = [
      await call(t.app, 'POST', '/api/chat/share', { conversationId: 'x' }),
      await call(t.app, 'GET', '/api/chat/share/status/x'),
      await call(t.app, 'DELETE', '/api/chat/share/x'),
      await call(t.app, 'GET', '/api/chat/shares'),
    ];
    for (const response of anonymous) expect(response.statusCode).toBe(401);
    const owner = await chatUser(t.app, 'share-missing');
    const api = asUser(t.app, owner.bearer);
    expect((await api.post('/api/chat/share', { conversationId: 'missing' })).statusCode).toBe(404);
    expect((await api.get('/api/chat/share/status/missing')).statusCode).toBe(404);
    expect((await api.delete('/api/chat/share/missing')).statusCode).toBe(404);
  });

  it('asks a cookie-carrying browser for the XSRF token', async () => {
    const jar = new CookieJar();
    const { session } = await signInWithCode(t.app, uniqueEmail('share-csrf'), { jar });
    const id = await insertConversation(t.app, session.user.id, { title: 'CSRF' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/chat/share',
      cookies: jar.cookies,
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { conversationId: id },
    });
    expect(forged.statusCode).toBe(403);
    const real = await call(
      t.app,
      'POST',
      '/api/chat/share',
      { conversationId: id },
      {
        jar,
        bearer: session.accessToken,
      },
    );
    expect(real.statusCode).toBe(200);
  });
});
