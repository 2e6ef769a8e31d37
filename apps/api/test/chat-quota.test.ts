import http from 'node:http';
import { chatSendRequest, quotaErrorResponse, rewriteResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { rewritePrompts } from '../src/domains/models/rewrite-prompts.ts';
import { call, days, testClock } from './support/auth.ts';
import { as, chatUser, parseEvents, sendBody, useChatTestApp } from './support/chat.ts';
import { databaseKinds } from './support/databases.ts';

describe.each(databaseKinds)('chat quotas on %s', (kind) => {
  const clock = testClock();
  const { t } = useChatTestApp(
    kind,
    { CHAT_DAILY_LIMIT_VISITOR: '2', CHAT_DAILY_LIMIT_FREE: '3' },
    { now: clock.now },
  );

  it("limits a visitor's address per UTC day (send, stream and rewrite count) and resets tomorrow", async () => {
    const visitor = as(null, '203.0.113.7');
    const first = await call(t.app, 'POST', '/api/chat/send', sendBody(), visitor);
    expect(first.statusCode).toBe(200);
    const rewrite = await call(
      t.app,
      'POST',
      '/api/chat/rewrite',
      { text: 'make it short', instruction: 'shorter' },
      visitor,
    );
    expect(rewrite.statusCode).toBe(200);

    for (const url of ['/api/chat/send', '/api/chat/stream', '/api/chat/rewrite']) {
      const refused = await call(
        t.app,
        'POST',
        url,
        url.endsWith('rewrite') ? { text: 'x', instruction: 'formal' } : sendBody(),
        visitor,
      );
      expect(refused.statusCode, url).toBe(429);
      // The stream refuses before it opens: a JSON body, not an event stream.
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      const body = quotaErrorResponse.parse(refused.json());
      expect(body).toEqual({
        message: "You have reached today's limit of 2 messages.",
        code: 'quota',
        limit: 2,
        remaining: 0,
        refusedBy: 'plan',
        resetsAt: expect.stringMatching(/T00:00:00\.000Z$/),
        upgradeUrl: '/plans',
      });
      expect(Date.parse(body.resetsAt)).toBeGreaterThan(clock.now().getTime());
    }

    // Another address has its own count; nothing stores the address itself.
    const elsewhere = await call(
      t.app,
      'POST',
      '/api/chat/send',
      sendBody(),
      as(null, '198.51.100.1'),
    );
    expect(elsewhere.statusCode).toBe(200);
    const subjects = await t.app.db.selectFrom('chat_usage').select('subject').execute();
    expect(subjects.map((row) => row.subject).join(' ')).not.toMatch(/203\.0\.113\.7/);

    clock.advance(days(1));
    try {
      const tomorrow = await call(t.app, 'POST', '/api/chat/send', sendBody(), visitor);
      expect(tomorrow.statusCode).toBe(200);
    } finally {
      clock.reset();
    }
  });

  it('limits a free user per account, whatever their address; refusals are not counted', async () => {
    const user = await chatUser(t.app);
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      const response = await call(t.app, 'POST', '/api/chat/send', sendBody(), as(user, address));
      expect(response.statusCode).toBe(200);
    }
    const refused = await call(
      t.app,
      'POST',
      '/api/chat/stream',
      sendBody(),
      as(user, '192.0.2.4'),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: "You have reached today's limit of 3 messages.",
      limit: 3,
    });
    // The 429 stored nothing.
    const stored = await t.app.db
      .selectFrom('chat_messages')
      .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id')
      .select('chat_messages.id')
      .where('chat_conversations.user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(6);

    const other = await chatUser(t.app, 'other');
    expect((await call(t.app, 'POST', '/api/chat/send', sendBody(), as(other))).statusCode).toBe(
      200,
    );
  });

  it('does not count requests refused for validation or ownership', async () => {
    const user = await chatUser(t.app);
    for (let n = 0; n < 5; n += 1) {
      await call(t.app, 'POST', '/api/chat/send', sendBody({ ModelId: null }), as(user));
      await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ ConversationId: 'missing' }),
        as(user),
      );
    }
    const response = await call(t.app, 'POST', '/api/chat/send', sendBody(), as(user));
    expect(response.statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('rewriting on %s', (kind) => {
  const { t, models } = useChatTestApp(kind);

  it.each(Object.keys(rewritePrompts))('rewrites with the %s prompt', async (instruction) => {
    const response = await call(t.app, 'POST', '/api/chat/rewrite', {
      text: '  fix me please ',
      instruction,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = rewriteResponse.parse(response.json());
    // The default model answered, with the instruction's system prompt and the trimmed text.
    expect(body.modelId).toBe('text-model');
    const prompt = models.model('text-model').model.doGenerateCalls.at(-1)?.prompt;
    expect(prompt?.[0]).toEqual({
      role: 'system',
      content: rewritePrompts[instruction as keyof typeof rewritePrompts],
    });
    expect(body.text).toMatch(/\] fix me please$/);
  });

  it('validates the instruction and text, and the model like send does', async () => {
    const bad = await call(t.app, 'POST', '/api/chat/rewrite', { text: 'x', instruction: 'poem' });
    expect(bad.statusCode).toBe(400);
    const empty = await call(t.app, 'POST', '/api/chat/rewrite', {
      text: ' ',
      instruction: 'formal',
    });
    expect(empty.statusCode).toBe(400);
    const pro = await call(t.app, 'POST', '/api/chat/rewrite', {
      text: 'x',
      instruction: 'formal',
      modelId: 'pro-model',
    });
    expect(pro.statusCode).toBe(403);
  });

  it('answers 502 with a clear message when the provider fails', async () => {
    models.model('text-model').generateFailures.push(new Error('upstream 500 at fake.test'));
    const response = await call(t.app, 'POST', '/api/chat/rewrite', {
      text: 'x',
      instruction: 'grammar',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: 'The model could not answer right now. Please try again.',
    });
  });
});

describe.each(databaseKinds)('stopping a reply on %s', (kind) => {
  const { t, models } = useChatTestApp(kind);

  it('goes on when the client goes away; its stop aborts the provider call and keeps the partial reply as stopped', async () => {
    const user = await chatUser(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const model = models.model('text-model');
    model.next({ kind: 'hang', chunks: ['Once upon ', 'a time'] });

    // A plain connection of its own, closed like a browser closes it when the user stops.
    const request = http.request(`${address}/api/chat/stream`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.bearer}` },
    });
    request.end(JSON.stringify(chatSendRequest.parse(sendBody({ Message: 'Tell a story' }))));
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      request.on('response', resolve),
    );
    expect(response.statusCode).toBe(200);
    let text = '';
    for await (const chunk of response) {
      text += String(chunk);
      if (text.includes('a time')) break;
    }
    const [start] = parseEvents(text.slice(0, text.lastIndexOf('\n\n') + 2));
    if (start?.type !== 'start') throw new Error('no start event');
    request.destroy();
    // The reply is not the connection's: it goes on until it is stopped.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(model.lastStreamCall.abortSignal?.aborted).toBe(false);
    const id = start.data.assistantMessageId;
    const stop = await call(t.app, 'POST', `/api/chat/replies/${id}/stop`, undefined, as(user));
    expect(stop.json()).toEqual({ stopping: true });

    // The abort reached the model...
    await expect.poll(() => model.lastStreamCall.abortSignal?.aborted).toBe(true);
    // ...and what it had written is stored as stopped.
    const conversationId = start.data.conversationId ?? '';
    await expect
      .poll(async () => {
        const detail = await call(t.app, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
        return detail
          .json()
          .messages.map((m: { content: string; status: string }) => [m.content, m.status]);
      })
      .toEqual([
        ['Tell a story', 'complete'],
        ['Once upon a time', 'stopped'],
      ]);
  });
});
