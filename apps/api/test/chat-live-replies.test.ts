import { randomBytes } from 'node:crypto';
import { chatSendRequest, VISITOR_KEY_HEADER } from '@studio/contracts';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import {
  as,
  chatModels,
  chatUser,
  type ChatUser,
  sendBody,
  testRegistry,
  testSpeech,
  testUploads,
  useChatTestApp,
} from './support/chat.ts';
import { insertConversation } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { call } from './support/auth.ts';
import { numberedEvents, openStream, textOf } from './support/live-replies.ts';
import { redisEnv, testRedisUrl, uniqueRedisPrefix } from './support/redis.ts';
import { useSharedDatabaseApps } from './support/shared-database-apps.ts';

/**
 * Replies written apart from their connections (domains/chat/live-replies.ts, live/): a reply
 * goes on when the connection that asked for it closes, is followed again from where a follower
 * was (Last-Event-ID) by a reload or a second tab, on this process or another, stops only when
 * asked (from any process), and a reply whose process died is saved as far as it got.
 */

const bearerHeaders = (user: ChatUser) => ({
  authorization: `Bearer ${user.bearer}`,
  'content-type': 'application/json',
});

async function listening(app: App): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/** POSTs a message over a real connection; the stream is read as it comes. */
function startReply(base: string, user: ChatUser, message: string) {
  return openStream(`${base}/api/chat/stream`, {
    method: 'POST',
    headers: bearerHeaders(user),
    body: JSON.stringify(chatSendRequest.parse(sendBody({ Message: message }))),
  });
}

function followReply(base: string, user: ChatUser, id: string, lastEventId?: number) {
  return openStream(`${base}/api/chat/replies/${id}/events`, {
    headers: {
      authorization: `Bearer ${user.bearer}`,
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
  });
}

const startOf = (events: readonly { type: string; data: unknown }[]) => {
  const start = events.find((event) => event.type === 'start');
  if (start?.type !== 'start') throw new Error('no start event');
  return start.data as { assistantMessageId: string; conversationId: string | null };
};

describe.each(databaseKinds)('live replies in one process on %s', (kind) => {
  const { t, models } = useChatTestApp(kind);

  it('numbers the events, and replays them whole or from Last-Event-ID to the owner only', async () => {
    const user = await chatUser(t.app, 'live-replay');
    // Apart by more than a frame: each piece is an event of its own.
    models
      .model('text-model')
      .next({ kind: 'reply', chunks: ['One ', 'two ', 'three'], gapMs: 100 });
    const sent = await call(
      t.app,
      'POST',
      '/api/chat/stream',
      sendBody({ Message: 'Count' }),
      as(user),
    );
    const events = numberedEvents(sent.body);
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
    expect(events.map((event) => event.type)).toEqual(['start', 'delta', 'delta', 'delta', 'done']);
    const { assistantMessageId: id } = startOf(events);

    const whole = await call(t.app, 'GET', `/api/chat/replies/${id}/events`, undefined, as(user));
    expect(whole.statusCode).toBe(200);
    expect(numberedEvents(whole.body)).toEqual(events);
    const rest = await call(t.app, 'GET', `/api/chat/replies/${id}/events`, undefined, {
      ...as(user),
      headers: { 'last-event-id': '2' },
    });
    expect(numberedEvents(rest.body)).toEqual(events.slice(2));
    const query = await call(
      t.app,
      'GET',
      `/api/chat/replies/${id}/events?after=4`,
      undefined,
      as(user),
    );
    expect(numberedEvents(query.body).map((event) => event.type)).toEqual(['done']);

    // Nobody else may follow or stop it; an unknown id answers the same.
    const stranger = await chatUser(t.app, 'live-stranger');
    for (const [method, url] of [
      ['GET', `/api/chat/replies/${id}/events`],
      ['POST', `/api/chat/replies/${id}/stop`],
      ['GET', `/api/chat/replies/${randomBytes(8).toString('hex')}/events`],
    ] as const) {
      const refused = await call(t.app, method, url, undefined, as(stranger));
      expect(refused.statusCode, url).toBe(404);
      expect(refused.body).not.toContain('One');
      const visitor = await call(t.app, method, url);
      expect(visitor.statusCode, url).toBe(404);
    }
  });

  it("follows a visitor's reply by their key, not by anyone else's", async () => {
    const key = randomBytes(32).toString('base64url').slice(0, 43);
    const other = randomBytes(32).toString('base64url').slice(0, 43);
    const sent = await call(t.app, 'POST', '/api/chat/stream', sendBody({ Message: 'Hi' }), {
      headers: { [VISITOR_KEY_HEADER]: key },
    });
    const { assistantMessageId: id } = startOf(numberedEvents(sent.body));
    const mine = await call(t.app, 'GET', `/api/chat/replies/${id}/events`, undefined, {
      headers: { [VISITOR_KEY_HEADER]: key },
    });
    expect(numberedEvents(mine.body).at(-1)?.type).toBe('done');
    const theirs = await call(t.app, 'GET', `/api/chat/replies/${id}/events`, undefined, {
      headers: { [VISITOR_KEY_HEADER]: other },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('goes on when its connection closes, is followed by another tab, and stops only when asked', async () => {
    const user = await chatUser(t.app, 'live-stop');
    const base = await listening(t.app);
    const model = models.model('text-model');
    model.next({ kind: 'hang', chunks: ['Once ', 'upon ', 'a time'], gapMs: 100 });

    const first = await startReply(base, user, 'Tell a story');
    expect(first.status).toBe(200);
    const third = await first.until(
      (event) => event.type === 'delta' && event.data.text === 'a time',
    );
    const { assistantMessageId: id, conversationId } = startOf(first.events);
    first.close();

    // The connection is gone, the reply is not: the model is still asked, and the
    // conversation names the reply being written.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(model.lastStreamCall.abortSignal?.aborted).toBe(false);
    const detail = await call(t.app, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
    expect(detail.json().liveReplyId).toBe(id);

    // A reload picks it up after the last event it had, with nothing repeated.
    const reloaded = await followReply(base, user, id, third.id);
    const secondTab = await followReply(base, user, id);
    const stop = await call(t.app, 'POST', `/api/chat/replies/${id}/stop`, undefined, as(user));
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ stopping: true });

    const resumed = await reloaded.ended;
    expect(resumed.map((event) => event.type)).toEqual(['stopped']);
    const stopped = resumed[0];
    if (stopped?.type !== 'stopped') throw new Error('not stopped');
    expect(stopped.data.message).toMatchObject({
      id,
      content: 'Once upon a time',
      status: 'stopped',
    });
    const all = await secondTab.ended;
    expect(all.map((event) => event.id)).toEqual(all.map((_, index) => index + 1));
    expect(textOf(all)).toBe('Once upon a time');
    expect(model.lastStreamCall.abortSignal?.aborted).toBe(true);

    const after = await call(t.app, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
    expect(after.json().liveReplyId).toBeNull();
    expect(
      after.json().messages.map((m: { content: string; status: string }) => [m.content, m.status]),
    ).toEqual([
      ['Tell a story', 'complete'],
      ['Once upon a time', 'stopped'],
    ]);
    const again = await call(t.app, 'POST', `/api/chat/replies/${id}/stop`, undefined, as(user));
    expect(again.json()).toEqual({ stopping: false });
  });
});

/** The reply records a process that died mid-reply leaves in Redis (as redis-live-logs.ts writes them). */
async function leaveDeadRun(
  prefix: string,
  id: string,
  meta: Record<string, string>,
  events: [type: string, data: unknown][],
) {
  const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  try {
    const pipeline = redis
      .multi()
      .hset(`${prefix}:live:${id}:meta`, 'm', JSON.stringify(meta), 'i', 'dead')
      .pexpire(`${prefix}:live:${id}:meta`, 60_000)
      // Its last heartbeat promised a beat a second ago.
      .zadd(`${prefix}:live:running`, Date.now() - 1000, id);
    events.forEach(([type, data], index) =>
      pipeline.xadd(`${prefix}:live:${id}`, `0-${index + 1}`, 't', type, 'd', JSON.stringify(data)),
    );
    await pipeline.exec();
  } finally {
    redis.disconnect();
  }
}

/**
 * Two processes of one deployment (PostgreSQL, Redis) named instance-1 and instance-2, whose
 * live logs beat every 100 ms and call a writer dead after a second of silence.
 */
function useTwoProcesses(label: string) {
  const prefix = uniqueRedisPrefix(label);
  const models = testRegistry(chatModels);
  const shared = useSharedDatabaseApps(
    'postgres',
    2,
    { ...relaxedAuthLimits, RATE_LIMIT_API_MAX: '100000', ...redisEnv(prefix) },
    {
      chat: {
        models: models.registry,
        speech: testSpeech().service,
        uploads: testUploads().service,
      },
      liveLogs: { heartbeatMs: 100, staleMs: 1_000, blockMs: 200 },
    },
    (index) => ({ INSTANCE_NAME: `instance-${index + 1}` }),
  );
  return { prefix, models, shared };
}

describe('live replies across two processes (PostgreSQL, Redis)', () => {
  const { prefix, models, shared } = useTwoProcesses('live-replies');

  it('follows from the other process where the reload left off, and stops from there', async () => {
    const [first, second] = shared.apps as [App, App];
    const [a, b] = [await listening(first), await listening(second)];
    const user = await chatUser(first, 'live-two');
    const model = models.model('text-model');
    model.next({ kind: 'hang', chunks: ['Far ', 'away'] });

    const started = await startReply(a, user, 'Where?');
    expect(started.instance).toBe('instance-1');
    const away = await started.until(
      (event) => event.type === 'delta' && event.data.text === 'away',
    );
    const { assistantMessageId: id, conversationId } = startOf(started.events);
    started.close();

    const detail = await call(second, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
    expect(detail.headers['x-instance']).toBe('instance-2');
    expect(detail.json().liveReplyId).toBe(id);

    const resumed = await followReply(b, user, id, away.id);
    expect(resumed.instance).toBe('instance-2');
    const fromStart = await followReply(b, user, id);
    await fromStart.until((event) => event.type === 'delta' && event.data.text === 'away');
    const stop = await call(second, 'POST', `/api/chat/replies/${id}/stop`, undefined, as(user));
    expect(stop.json()).toEqual({ stopping: true });

    expect((await resumed.ended).map((event) => event.type)).toEqual(['stopped']);
    const all = await fromStart.ended;
    expect(all.map((event) => event.type)).toEqual(['start', 'delta', 'delta', 'stopped']);
    expect(all.map((event) => event.id)).toEqual([1, 2, 3, 4]);
    expect(model.lastStreamCall.abortSignal?.aborted).toBe(true);
    const after = await call(second, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
    expect(after.json().liveReplyId).toBeNull();
    expect(after.json().messages.at(-1)).toMatchObject({
      id,
      content: 'Far away',
      status: 'stopped',
    });
  });

  it("saves a dead process's reply as far as it got, marked interrupted, for its follower and by the sweep", async () => {
    const [, second] = shared.apps as [App, App];
    const b = await listening(second);
    const user = await chatUser(second, 'live-dead');
    const conversations = await Promise.all(
      ['Followed', 'Swept'].map((title) =>
        insertConversation(second, user.id, {
          title,
          messages: [{ role: 'user', content: `${title}?` }],
        }),
      ),
    );
    const ids = conversations.map(() => crypto.randomUUID());
    for (const [index, conversationId] of conversations.entries()) {
      await leaveDeadRun(
        prefix,
        ids[index] as string,
        {
          kind: 'chat.reply',
          owner: `user:${user.id}`,
          conversationId,
          assistantMessageId: ids[index] as string,
          modelId: 'text-model',
          replacing: '',
        },
        [
          [
            'start',
            {
              conversationId,
              assistantMessageId: ids[index],
              modelId: 'text-model',
              userMessage: {
                id: 'u',
                role: 'user',
                content: 'x',
                createdAt: new Date().toISOString(),
                modelId: null,
                imageUrls: [],
                status: 'complete',
              },
            },
          ],
          ['delta', { text: 'Half a ' }],
          ['delta', { text: 'story' }],
        ],
      );
    }

    // A follower that hears nothing looks at the writer, finds it dead and ends the reply.
    const follower = await followReply(b, user, ids[0] as string, 1);
    const events = await follower.ended;
    expect(events.map((event) => event.type)).toEqual(['delta', 'delta', 'error']);
    const last = events.at(-1);
    if (last?.type !== 'error') throw new Error('no error event');
    expect(last.data.code).toBe('interrupted');
    expect(last.data.partial).toMatchObject({ content: 'Half a story', status: 'interrupted' });

    // The other, which nobody follows, is found by the sweep.
    expect(await second.chat.live.sweep()).toBe(1);
    for (const conversationId of conversations) {
      const detail = await call(second, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
      expect(detail.json().liveReplyId).toBeNull();
      expect(detail.json().messages.at(-1)).toMatchObject({
        role: 'assistant',
        content: 'Half a story',
        status: 'interrupted',
      });
    }
    // Ended once: a second look finds nothing left to end.
    expect(await second.chat.live.sweep()).toBe(0);
  });

  it('stops writing a reply another process has taken for dead, and stores nothing of its own', async () => {
    const [first] = shared.apps as [App, App];
    const a = await listening(first);
    const user = await chatUser(first, 'live-zombie');
    const model = models.model('text-model');
    model.next({ kind: 'hang', chunks: ['Slow'] });
    const started = await startReply(a, user, 'Hello?');
    await started.until((event) => event.type === 'delta');
    const { assistantMessageId: id, conversationId } = startOf(started.events);

    // As another process's claim does: the run leaves the running set.
    const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
    await redis.zrem(`${prefix}:live:running`, id);
    redis.disconnect();

    await expect.poll(() => model.lastStreamCall.abortSignal?.aborted).toBe(true);
    const detail = await call(first, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
    expect(detail.json().messages.map((m: { role: string }) => m.role)).toEqual(['user']);
    started.close();
  });
});

describe('a process shutting down mid-reply (PostgreSQL, Redis)', () => {
  const { models, shared } = useTwoProcesses('live-shutdown');

  it('ends its replies as interrupted, saved as far as they got, for followers on the other', async () => {
    const [first, second] = shared.apps as [App, App];
    const [a, b] = [await listening(first), await listening(second)];
    const user = await chatUser(first, 'live-shutdown');
    models.model('text-model').next({ kind: 'hang', chunks: ['Almost ', 'done'] });
    const started = await startReply(a, user, 'Finish?');
    const done = await started.until(
      (event) => event.type === 'delta' && event.data.text === 'done',
    );
    const { assistantMessageId: id, conversationId } = startOf(started.events);
    const elsewhere = await followReply(b, user, id, done.id);

    await first.close();

    const [here, there] = await Promise.all([started.ended, elsewhere.ended]);
    for (const events of [here.slice(-1), there]) {
      expect(events.map((event) => event.type)).toEqual(['error']);
      expect(events[0]?.data).toMatchObject({
        code: 'interrupted',
        partial: { id, content: 'Almost done', status: 'interrupted' },
      });
    }
    const detail = await call(second, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
    expect(detail.json().messages.at(-1)).toMatchObject({ id, status: 'interrupted' });
  });
});
