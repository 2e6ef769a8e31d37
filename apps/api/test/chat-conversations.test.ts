import {
  chatSendResponse,
  conversationDetail,
  conversationSummary,
  conversationsResponse,
  historyResponse,
} from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { call, minutes, testClock } from './support/auth.ts';
import { as, type ChatUser, chatUser, sendBody, useChatTestApp } from './support/chat.ts';
import { databaseKinds } from './support/databases.ts';

const notFound = { message: 'The requested resource was not found.' };

describe.each(databaseKinds)('chat conversations on %s', (kind) => {
  const clock = testClock();
  const { t } = useChatTestApp(kind, {}, { now: clock.now });

  async function converse(user: ChatUser, message: string, conversationId?: string) {
    const response = await call(
      t.app,
      'POST',
      '/api/chat/send',
      sendBody({ Message: message, ConversationId: conversationId ?? null }),
      as(user),
    );
    expect(response.statusCode, response.body).toBe(200);
    return chatSendResponse.parse(response.json());
  }

  async function list(user: ChatUser, query = '') {
    const response = await call(
      t.app,
      'GET',
      `/api/chat/conversations${query}`,
      undefined,
      as(user),
    );
    expect(response.statusCode, response.body).toBe(200);
    return conversationsResponse.parse(response.json());
  }

  it('needs a signed-in user for every conversation route', async () => {
    for (const [method, url] of [
      ['POST', '/api/chat/conversation'],
      ['GET', '/api/chat/conversations'],
      ['GET', '/api/chat/some-id'],
      ['GET', '/api/chat/history/some-id'],
      ['PATCH', '/api/chat/some-id'],
      ['DELETE', '/api/chat/some-id'],
    ] as const) {
      const response = await call(
        t.app,
        method,
        url,
        method === 'PATCH' ? { title: 'x' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates an empty conversation (201) with a placeholder or a chosen title', async () => {
    const user = await chatUser(t.app);
    const created = await call(t.app, 'POST', '/api/chat/conversation', {}, as(user));
    expect(created.statusCode).toBe(201);
    expect(conversationSummary.parse(created.json())).toMatchObject({
      title: 'New chat',
      messageCount: 0,
      preview: '',
      modelId: null,
    });
    const named = await call(
      t.app,
      'POST',
      '/api/chat/conversation',
      { title: '  Holiday plans ', modelId: 'text-model' },
      as(user),
    );
    expect(named.json()).toMatchObject({ title: 'Holiday plans', modelId: 'text-model' });
    // A chosen title is kept: no title is generated from the first exchange.
    const reply = await converse(user, 'Where to go in May?', named.json().id);
    expect(reply.title).toBe('Holiday plans');

    const locked = await call(
      t.app,
      'POST',
      '/api/chat/conversation',
      { modelId: 'pro-model' },
      as(user),
    );
    expect(locked.statusCode).toBe(403);
  });

  it('needs the XSRF header when the request carries cookies', async () => {
    const user = await chatUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      payload: sendBody(),
      cookies: user.jar.cookies,
      headers: { authorization: `Bearer ${user.bearer}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lists newest updated first, paginated, with counts and previews', async () => {
    const user = await chatUser(t.app);
    const first = await converse(user, 'First topic');
    clock.advance(minutes(1));
    const second = await converse(user, 'Second topic');
    clock.advance(minutes(1));
    const third = await converse(user, 'Third topic');
    clock.advance(minutes(1));
    // A new message moves the first conversation to the top.
    await converse(user, 'Back to the first', first.conversationId ?? '');

    const page1 = await list(user, '?page=1&pageSize=2');
    expect(page1.total).toBe(3);
    expect(page1.items.map((c) => c.id)).toEqual([first.conversationId, third.conversationId]);
    expect(page1.items[0]).toMatchObject({
      messageCount: 4,
      preview: 'Echo: Back to the first',
      title: 'First topic',
    });
    const page2 = await list(user, '?page=2&pageSize=2');
    expect(page2.items.map((c) => c.id)).toEqual([second.conversationId]);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });

    const other = await chatUser(t.app, 'other');
    expect((await list(other)).total).toBe(0);
  });

  it('searches titles and message content, case-insensitively, with LIKE escaped', async () => {
    const user = await chatUser(t.app);
    const byTitle = await converse(user, 'Gardening tips');
    const byContent = await converse(user, 'Something else');
    await converse(user, 'Mentions TOMATOES and 100% effort', byContent.conversationId ?? '');
    await converse(user, 'Unrelated words');

    expect((await list(user, '?search=gardening')).items.map((c) => c.id)).toEqual([
      byTitle.conversationId,
    ]);
    expect((await list(user, '?search=tomatoes')).items.map((c) => c.id)).toEqual([
      byContent.conversationId,
    ]);
    expect((await list(user, '?search=100%25')).items.map((c) => c.id)).toEqual([
      byContent.conversationId,
    ]);
    // % and _ are literal characters, not wildcards.
    expect((await list(user, '?search=%25')).total).toBe(1);
    expect((await list(user, '?search=_')).total).toBe(0);

    const other = await chatUser(t.app, 'other');
    expect((await list(other, '?search=gardening')).total).toBe(0);
  });

  it('matches Vietnamese letters whatever their case, on both databases', async () => {
    const user = await chatUser(t.app);
    const cooking = await converse(user, 'ĂN UỐNG ở Đà Nẵng');
    await converse(user, 'Something else');
    const search = `?search=${encodeURIComponent('ăn uống ở đà')}`;
    expect((await list(user, search)).items.map((c) => c.id)).toEqual([cooking.conversationId]);
  });

  it('shows a conversation with its latest 50 messages and pages its history', async () => {
    const user = await chatUser(t.app);
    const first = await converse(user, 'Message 1');
    const id = first.conversationId ?? '';
    for (let n = 2; n <= 26; n += 1) await converse(user, `Message ${n}`, id);

    const detail = conversationDetail.parse(
      (await call(t.app, 'GET', `/api/chat/${id}`, undefined, as(user))).json(),
    );
    expect(detail.messageCount).toBe(52);
    expect(detail.messages).toHaveLength(50);
    expect(detail.messages[0]?.content).toBe('Message 2');
    expect(detail.messages.at(-1)?.content).toBe('Echo: Message 26');

    const newest = historyResponse.parse(
      (
        await call(t.app, 'GET', `/api/chat/history/${id}?page=1&pageSize=4`, undefined, as(user))
      ).json(),
    );
    expect(newest.total).toBe(52);
    expect(newest.items.map((m) => m.content)).toEqual([
      'Message 25',
      'Echo: Message 25',
      'Message 26',
      'Echo: Message 26',
    ]);
    const oldest = historyResponse.parse(
      (
        await call(t.app, 'GET', `/api/chat/history/${id}?page=13&pageSize=4`, undefined, as(user))
      ).json(),
    );
    expect(oldest.items.map((m) => m.content)).toEqual([
      'Message 1',
      'Echo: Message 1',
      'Message 2',
      'Echo: Message 2',
    ]);
  });

  it('stores messages sent at the same time in one conversation, each with its own place', async () => {
    const user = await chatUser(t.app);
    const { conversationId } = await converse(user, 'Start');
    const sends = await Promise.all(
      ['A', 'B', 'C'].map((message) =>
        call(
          t.app,
          'POST',
          '/api/chat/send',
          sendBody({ Message: message, ConversationId: conversationId }),
          as(user),
        ),
      ),
    );
    expect(sends.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.app.db
      .selectFrom('chat_messages')
      .select(['seq', 'content'])
      .where('conversation_id', '=', conversationId ?? '')
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.map((row) => row.content).sort()).toEqual(
      ['A', 'B', 'C', 'Echo: A', 'Echo: B', 'Echo: C', 'Echo: Start', 'Start'].sort(),
    );
  });

  it('renames and deletes', async () => {
    const user = await chatUser(t.app);
    const { conversationId } = await converse(user, 'Rename me');
    const renamed = await call(
      t.app,
      'PATCH',
      `/api/chat/${conversationId}`,
      { title: '  Better name ' },
      as(user),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Better name', messageCount: 2 });
    const blank = await call(
      t.app,
      'PATCH',
      `/api/chat/${conversationId}`,
      { title: ' ' },
      as(user),
    );
    expect(blank.statusCode).toBe(400);

    const deleted = await call(t.app, 'DELETE', `/api/chat/${conversationId}`, undefined, as(user));
    expect(deleted.statusCode).toBe(204);
    const gone = await call(t.app, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
    expect(gone.statusCode).toBe(404);
    const messages = await t.app.db
      .selectFrom('chat_messages')
      .select('id')
      .where('conversation_id', '=', conversationId ?? '')
      .execute();
    expect(messages).toEqual([]);
  });

  describe("another user's conversation answers 404 exactly like a missing one", () => {
    async function setUp() {
      const owner = await chatUser(t.app, 'owner');
      const intruder = await chatUser(t.app, 'intruder');
      const exchange = await converse(owner, 'Private thoughts');
      return { owner, intruder, exchange, id: exchange.conversationId ?? '' };
    }

    it.each([
      ['GET /{id}', 'GET', (id: string) => `/api/chat/${id}`, undefined],
      ['GET /history/{id}', 'GET', (id: string) => `/api/chat/history/${id}`, undefined],
      ['PATCH /{id}', 'PATCH', (id: string) => `/api/chat/${id}`, { title: 'Mine now' }],
      ['DELETE /{id}', 'DELETE', (id: string) => `/api/chat/${id}`, undefined],
    ] as const)('%s', async (_label, method, url, body) => {
      const { intruder, owner, id } = await setUp();
      const theirs = await call(t.app, method, url(id), body, as(intruder));
      const missing = await call(t.app, method, url('no-such-conversation'), body, as(intruder));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(notFound);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(theirs.json());
      // Untouched.
      const still = await call(t.app, 'GET', `/api/chat/${id}`, undefined, as(owner));
      expect(still.json()).toMatchObject({ title: 'Private thoughts', messageCount: 2 });
    });

    it.each([
      ['send with ConversationId', '/api/chat/send', {}],
      ['stream with ConversationId', '/api/chat/stream', {}],
      ['send with Regenerate', '/api/chat/send', { Regenerate: true, Message: '' }],
      ['stream with EditMessageId', '/api/chat/stream', { EditMessageId: 'x' }],
    ] as const)('%s', async (_label, url, extra) => {
      const { intruder, owner, id, exchange } = await setUp();
      const body = {
        ...extra,
        ...('EditMessageId' in extra ? { EditMessageId: exchange.userMessage.id } : {}),
      };
      const theirs = await call(
        t.app,
        'POST',
        url,
        sendBody({ ConversationId: id, ...body }),
        as(intruder),
      );
      const missing = await call(
        t.app,
        'POST',
        url,
        sendBody({ ConversationId: 'no-such-conversation', ...body }),
        as(intruder),
      );
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(notFound);
      expect(missing.json()).toEqual(theirs.json());
      const still = conversationDetail.parse(
        (await call(t.app, 'GET', `/api/chat/${id}`, undefined, as(owner))).json(),
      );
      expect(still.messages.map((m) => m.content)).toEqual([
        'Private thoughts',
        'Echo: Private thoughts',
      ]);
    });

    it("EditMessageId naming a message of someone else's conversation", async () => {
      const { intruder, exchange } = await setUp();
      const own = await converse(intruder, 'My own chat');
      const response = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ ConversationId: own.conversationId, EditMessageId: exchange.userMessage.id }),
        as(intruder),
      );
      expect(response.statusCode).toBe(404);
    });
  });
});
