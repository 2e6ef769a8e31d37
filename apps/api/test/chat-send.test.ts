import {
  chatSendResponse,
  conversationDetail,
  MODEL_ID_REQUIRED,
  type ChatStreamEvent,
} from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { call } from './support/auth.ts';
import { as, chatUser, parseEvents, sendBody, useChatTestApp } from './support/chat.ts';
import { databaseKinds } from './support/databases.ts';

function eventTypes(events: ChatStreamEvent[]) {
  return events.map((event) => event.type);
}

function deltasOf(events: ChatStreamEvent[]) {
  return events.flatMap((event) => (event.type === 'delta' ? [event.data.text] : [])).join('');
}

describe.each(databaseKinds)('sending chat messages on %s', (kind) => {
  const { t, models, speech, uploads } = useChatTestApp(kind);

  async function detail(user: Awaited<ReturnType<typeof chatUser>>, id: string) {
    const response = await call(t.app, 'GET', `/api/chat/${id}`, undefined, as(user));
    expect(response.statusCode, response.body).toBe(200);
    return conversationDetail.parse(response.json());
  }

  describe('validation (§5)', () => {
    it.each([
      ['missing', {}],
      ['null', { ModelId: null }],
      ['blank', { ModelId: '   ' }],
    ])('refuses a %s model id with the §5 text', async (_label, extra) => {
      for (const url of ['/api/chat/send', '/api/chat/stream']) {
        const response = await call(t.app, 'POST', url, { Message: 'Hi', ...extra });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: MODEL_ID_REQUIRED });
      }
    });

    it('refuses an unknown model, an empty message and a model above the plan', async () => {
      const unknown = await call(t.app, 'POST', '/api/chat/send', sendBody({ ModelId: 'nope' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toMatch(/not available/);

      const empty = await call(t.app, 'POST', '/api/chat/send', sendBody({ Message: '   ' }));
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'Message cannot be empty.' });

      const pro = await call(t.app, 'POST', '/api/chat/stream', sendBody({ ModelId: 'pro-model' }));
      expect(pro.statusCode).toBe(403);
      expect(pro.json().message).toBe('Pro model needs the Pro plan. Upgrade to use it.');
    });

    it('answers 401 to an invalid bearer token (so the SPA renews it)', async () => {
      const response = await call(t.app, 'POST', '/api/chat/send', sendBody(), {
        bearer: 'not-a-token',
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a visitor a stored conversation, an edit and images', async () => {
      for (const extra of [
        { ConversationId: 'abc' },
        { EditMessageId: 'abc' },
        { ImageUrls: ['/api/chat/uploads/x'], ModelId: 'vision-model' },
      ]) {
        const response = await call(t.app, 'POST', '/api/chat/send', sendBody(extra));
        expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      }
    });
  });

  describe('visitors', () => {
    async function storedRows() {
      const [messages, conversations] = await Promise.all([
        t.app.db.selectFrom('chat_messages').select('id').execute(),
        t.app.db.selectFrom('chat_conversations').select('id').execute(),
      ]);
      return messages.length + conversations.length;
    }

    it('answers with the history as context and stores nothing', async () => {
      const before = await storedRows();
      const response = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({
          Message: 'And now?',
          History: [
            { role: 'user', content: 'First question' },
            { role: 'assistant', content: 'First answer' },
          ],
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = chatSendResponse.parse(response.json());
      expect(body.conversationId).toBeNull();
      expect(body.message).toMatchObject({
        role: 'assistant',
        content: 'Echo: And now?',
        status: 'complete',
        modelId: 'text-model',
      });
      expect(body.userMessage).toMatchObject({ role: 'user', content: 'And now?' });
      // Not the first exchange: no title is generated.
      expect(body.title).toBeNull();
      const prompt = models.model('text-model').lastStreamCall.prompt;
      expect(prompt.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
      expect(await storedRows()).toEqual(before);
    });

    it('gets a title for a first exchange and can regenerate from its history', async () => {
      const first = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: 'Plan a trip to Hue' }),
      );
      expect(first.json().title).toBe('Plan a trip');

      const again = await call(
        t.app,
        'POST',
        '/api/chat/stream',
        sendBody({
          Message: '',
          Regenerate: true,
          History: [
            { role: 'user', content: 'Plan a trip to Hue' },
            { role: 'assistant', content: 'An answer I did not like' },
          ],
        }),
      );
      const events = parseEvents(again.body);
      expect(deltasOf(events)).toBe('Echo: Plan a trip to Hue');
      const prompt = models.model('text-model').lastStreamCall.prompt;
      expect(prompt.map((message) => message.role)).toEqual(['user']);
    });
  });

  describe('signed-in users', () => {
    it('creates a conversation, stores both messages and titles it from the first exchange', async () => {
      const user = await chatUser(t.app);
      const response = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: 'Tell me about pho bo' }),
        as(user),
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = chatSendResponse.parse(response.json());
      expect(body.conversationId).not.toBeNull();
      expect(body.title).toBe('Tell me about');
      expect(body.audio).toBeNull();

      const stored = await detail(user, body.conversationId ?? '');
      expect(stored.title).toBe('Tell me about');
      expect(stored.messages.map((m) => [m.role, m.content, m.status])).toEqual([
        ['user', 'Tell me about pho bo', 'complete'],
        ['assistant', 'Echo: Tell me about pho bo', 'complete'],
      ]);
      expect(stored.messages[1]?.id).toBe(body.message.id);

      // The next exchange keeps the title and sends the earlier turns as context.
      const next = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: 'More', ConversationId: body.conversationId }),
        as(user),
      );
      expect(next.json().title).toBe('Tell me about');
      const prompt = models.model('text-model').lastStreamCall.prompt;
      expect(prompt.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    });

    it('falls back to the start of the first message when the title model fails', async () => {
      const user = await chatUser(t.app);
      models.model('text-model').generateFailures.push(new Error('title upstream down'));
      const message =
        'Please explain the difference between a persistent and an ephemeral data structure in detail';
      const response = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: message }),
        as(user),
      );
      expect(response.statusCode).toBe(200);
      const title = response.json().title as string;
      expect(title.endsWith('…')).toBe(true);
      expect(title.length).toBeLessThanOrEqual(61);
      expect(message.startsWith(title.slice(0, -1))).toBe(true);
    });

    it('streams start, deltas and done in order, and the stored reply matches', async () => {
      const user = await chatUser(t.app);
      models.model('text-model').next({ kind: 'reply', chunks: ['Xin ', 'chào', '!'] });
      const response = await call(
        t.app,
        'POST',
        '/api/chat/stream',
        sendBody({ Message: 'Chào bạn' }),
        as(user),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-accel-buffering']).toBe('no');
      expect(response.headers['x-request-id']).toBeTruthy();
      const events = parseEvents(response.body);
      // The first words go out at once; those that follow within a frame (delta-frames.ts) go
      // together (delta-frames.test.ts).
      expect(eventTypes(events).join(' ')).toMatch(/^start( delta)+ done$/);
      expect(events[1]).toEqual({ type: 'delta', data: { text: 'Xin ' } });
      expect(deltasOf(events)).toBe('Xin chào!');
      const [start] = events;
      const done = events.at(-1);
      if (start?.type !== 'start' || done?.type !== 'done') throw new Error('bad order');
      expect(start.data.userMessage.content).toBe('Chào bạn');
      expect(start.data.modelId).toBe('text-model');
      expect(done.data.message).toMatchObject({
        id: start.data.assistantMessageId,
        content: 'Xin chào!',
        status: 'complete',
      });
      expect(done.data.title).toBe('Chào bạn');
      const stored = await detail(user, start.data.conversationId ?? '');
      expect(stored.messages.at(-1)?.content).toBe('Xin chào!');
    });

    it('regenerates the last reply, replacing it', async () => {
      const user = await chatUser(t.app);
      const first = chatSendResponse.parse(
        (
          await call(
            t.app,
            'POST',
            '/api/chat/send',
            sendBody({ Message: 'Pick a colour' }),
            as(user),
          )
        ).json(),
      );
      models.model('text-model').next({ kind: 'reply', chunks: ['Blue'] });
      const again = await call(
        t.app,
        'POST',
        '/api/chat/stream',
        sendBody({ Message: '', Regenerate: true, ConversationId: first.conversationId }),
        as(user),
      );
      const events = parseEvents(again.body);
      expect(eventTypes(events).at(-1)).toBe('done');
      const start = events[0];
      if (start?.type !== 'start') throw new Error('no start');
      // The question answered again is the stored one (same id).
      expect(start.data.userMessage.id).toBe(first.userMessage.id);
      const stored = await detail(user, first.conversationId ?? '');
      expect(stored.messages.map((m) => m.content)).toEqual(['Pick a colour', 'Blue']);
      expect(stored.messages.map((m) => m.id)).not.toContain(first.message.id);
    });

    it('keeps the old reply when a regeneration fails before writing anything', async () => {
      const user = await chatUser(t.app);
      const first = chatSendResponse.parse(
        (
          await call(t.app, 'POST', '/api/chat/send', sendBody({ Message: 'Keep me' }), as(user))
        ).json(),
      );
      models.model('text-model').next({ kind: 'fail', chunks: [] });
      const again = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: '', Regenerate: true, ConversationId: first.conversationId }),
        as(user),
      );
      expect(again.statusCode).toBe(502);
      const stored = await detail(user, first.conversationId ?? '');
      expect(stored.messages.map((m) => m.content)).toEqual(['Keep me', 'Echo: Keep me']);
    });

    it('edits a user message: replaces it, drops what came after and answers again', async () => {
      const user = await chatUser(t.app);
      const first = chatSendResponse.parse(
        (
          await call(t.app, 'POST', '/api/chat/send', sendBody({ Message: 'One' }), as(user))
        ).json(),
      );
      const conversationId = first.conversationId ?? '';
      await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: 'Two', ConversationId: conversationId }),
        as(user),
      );
      const edited = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({
          Message: 'One, edited',
          ConversationId: conversationId,
          EditMessageId: first.userMessage.id,
        }),
        as(user),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      const stored = await detail(user, conversationId);
      expect(stored.messages.map((m) => m.content)).toEqual(['One, edited', 'Echo: One, edited']);
      expect(stored.messages[0]?.id).toBe(first.userMessage.id);
      expect(models.model('text-model').lastStreamCall.prompt).toHaveLength(1);

      const missing = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: 'x', ConversationId: conversationId, EditMessageId: 'no-such-id' }),
        as(user),
      );
      expect(missing.statusCode).toBe(404);
    });

    it('sends owned images to vision models only, as image parts', async () => {
      const user = await chatUser(t.app);
      const other = await chatUser(t.app, 'other');
      uploads.add(user.id, '/api/chat/uploads/mine');
      uploads.add(other.id, '/api/chat/uploads/theirs');

      const textOnly = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ ImageUrls: ['/api/chat/uploads/mine'] }),
        as(user),
      );
      expect(textOnly.statusCode).toBe(400);
      expect(textOnly.json().message).toMatch(/cannot read images/);

      const theirs = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ ModelId: 'vision-model', ImageUrls: ['/api/chat/uploads/theirs'] }),
        as(user),
      );
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ message: 'Image not found' });

      const mine = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({
          ModelId: 'vision-model',
          Message: 'What is this?',
          ImageUrls: ['/api/chat/uploads/mine'],
        }),
        as(user),
      );
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().userMessage.imageUrls).toEqual(['/api/chat/uploads/mine']);
      const last = models.model('vision-model').lastStreamCall.prompt.at(-1);
      expect(last?.role).toBe('user');
      const parts = last?.role === 'user' ? last.content : [];
      expect(parts.map((part) => part.type)).toEqual(['text', 'file']);
      expect(parts[1]).toMatchObject({ type: 'file', mediaType: 'image/png' });

      // Answering it again takes its images along, so it needs a vision model too.
      const conversationId = mine.json().conversationId;
      const textRegenerate = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: '', Regenerate: true, ConversationId: conversationId }),
        as(user),
      );
      expect(textRegenerate.statusCode).toBe(400);
      expect(textRegenerate.json().message).toMatch(/cannot read images/);
      const visionRegenerate = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({
          ModelId: 'vision-model',
          Message: '',
          Regenerate: true,
          ConversationId: conversationId,
        }),
        as(user),
      );
      expect(visionRegenerate.statusCode).toBe(200);
      const again = models.model('vision-model').lastStreamCall.prompt.at(-1);
      expect(again?.role === 'user' ? again.content.map((part) => part.type) : []).toEqual([
        'text',
        'file',
      ]);
    });

    it('speaks the reply when asked, before done; a speech failure keeps the text', async () => {
      const user = await chatUser(t.app);
      const response = await call(
        t.app,
        'POST',
        '/api/chat/stream',
        sendBody({
          Message: 'Say hi',
          ReturnAudio: true,
          Voice: 'vi-x',
          AudioFormat: 'wav',
          Speed: 1.5,
        }),
        as(user),
      );
      const events = parseEvents(response.body);
      expect(eventTypes(events).slice(-2)).toEqual(['speech', 'done']);
      const audio = events.at(-2);
      if (audio?.type !== 'speech') throw new Error('no speech');
      expect(audio.data).toMatchObject({
        index: 0,
        text: 'Echo: Say hi',
        format: 'wav',
        mimeType: 'audio/wav',
        voice: 'vi-x',
      });
      expect(Buffer.from(audio.data.data, 'base64').toString()).toBe('audio:Echo: Say hi');
      expect(speech.requests.at(-1)).toEqual({
        text: 'Echo: Say hi',
        language: 'en',
        voice: 'vi-x',
        format: 'wav',
        speed: 1.5,
        pitch: 1,
      });

      speech.failNext();
      const failed = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: 'Say bye', ReturnAudio: true }),
        as(user),
      );
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toMatchObject({ audio: null, message: { content: 'Echo: Say bye' } });
    });
  });

  describe('spoken sentence by sentence', () => {
    it('speaks each sentence of a streamed reply in order, announces code and skips Markdown', async () => {
      const user = await chatUser(t.app);
      models.model('text-model').next({
        kind: 'reply',
        chunks: [
          '## Steps\n1. **First** step. ',
          'Then [the docs](https://example.com/a) say',
          ' more!\n```js\nlet a = 1;\n',
          '```\nXin chào các bạn. Tạm biệt.',
        ],
      });
      const response = await call(
        t.app,
        'POST',
        '/api/chat/stream',
        sendBody({ Message: 'Explain', ReturnAudio: true }),
        as(user),
      );
      const events = parseEvents(response.body);
      expect(eventTypes(events).at(-1)).toBe('done');
      const parts = events.flatMap((event) => (event.type === 'speech' ? [event.data] : []));
      // In order; the first sentence alone, those completed while one was spoken together.
      expect(parts.map((part) => part.index)).toEqual(parts.map((_, index) => index));
      expect(parts[0]?.text).toBe('Steps');
      expect(parts.map((part) => part.text).join(' ')).toBe(
        [
          'Steps',
          'First step.',
          'Then the docs say more!',
          'There is a code block here; it is shown on screen.',
          'Xin chào các bạn.',
          'Tạm biệt.',
        ].join(' '),
      );
      // The Vietnamese sentences are spoken in Vietnamese, never together with English ones.
      const vietnamese = speech.requests.filter((request) => /Xin chào/.test(request.text));
      expect(vietnamese.map((request) => request.language)).toEqual(['vi']);
      // Every sentence is spoken before the reply is done; none of the code is.
      expect(speech.requests.some((request) => request.text.includes('let a'))).toBe(false);
    });

    it('stops speaking after a speech failure, and the text still arrives whole', async () => {
      const user = await chatUser(t.app);
      models.model('text-model').next({ kind: 'reply', chunks: ['One. ', 'Two. ', 'Three.'] });
      speech.failNext();
      const response = await call(
        t.app,
        'POST',
        '/api/chat/stream',
        sendBody({ Message: 'Count', ReturnAudio: true }),
        as(user),
      );
      const events = parseEvents(response.body);
      expect(eventTypes(events)).not.toContain('speech');
      const done = events.at(-1);
      if (done?.type !== 'done') throw new Error('no done');
      expect(done.data.message.content).toBe('One. Two. Three.');
    });

    it('speaks nothing when the reply was not asked to be spoken', async () => {
      const user = await chatUser(t.app);
      const before = speech.requests.length;
      const response = await call(
        t.app,
        'POST',
        '/api/chat/stream',
        sendBody({ Message: 'Quiet. Please.' }),
        as(user),
      );
      expect(eventTypes(parseEvents(response.body))).not.toContain('speech');
      expect(speech.requests.length).toBe(before);
    });
  });

  describe('provider failures', () => {
    it('streams an error event with the partial reply, kept with status error', async () => {
      const user = await chatUser(t.app);
      models.model('text-model').next({ kind: 'fail', chunks: ['Half an '] });
      const response = await call(
        t.app,
        'POST',
        '/api/chat/stream',
        sendBody({ Message: 'Break please' }),
        as(user),
      );
      const events = parseEvents(response.body);
      expect(eventTypes(events)).toEqual(['start', 'delta', 'error']);
      const error = events[2];
      if (error?.type !== 'error') throw new Error('no error event');
      expect(error.data.code).toBe('provider');
      expect(error.data.message).toBe('The model could not answer right now. Please try again.');
      expect(error.data.message).not.toMatch(/fake\.test/);
      expect(error.data.partial).toMatchObject({ content: 'Half an ', status: 'error' });
      const start = events[0];
      if (start?.type !== 'start') throw new Error('no start');
      const stored = await detail(user, start.data.conversationId ?? '');
      expect(stored.messages.map((m) => [m.content, m.status])).toEqual([
        ['Break please', 'complete'],
        ['Half an ', 'error'],
      ]);
    });

    it('stores no assistant row when the provider fails before writing', async () => {
      const user = await chatUser(t.app);
      models.model('text-model').next({ kind: 'fail', chunks: [] });
      const response = await call(
        t.app,
        'POST',
        '/api/chat/send',
        sendBody({ Message: 'Nothing back' }),
        as(user),
      );
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message: 'The model could not answer right now. Please try again.',
      });
      const list = await call(t.app, 'GET', '/api/chat/conversations', undefined, as(user));
      const [conversation] = list.json().items;
      const stored = await detail(user, conversation.id);
      expect(stored.messages.map((m) => m.role)).toEqual(['user']);
    });
  });
});

describe.each(databaseKinds)('chat timeouts on %s', (kind) => {
  const { t, models } = useChatTestApp(kind, { CHAT_TIMEOUT_SECONDS: '1' });

  it('aborts a slow provider: 504 on send, a timeout event on stream', async () => {
    const user = await chatUser(t.app);
    models.model('text-model').next({ kind: 'hang', chunks: [] });
    const send = await call(t.app, 'POST', '/api/chat/send', sendBody(), as(user));
    expect(send.statusCode).toBe(504);
    expect(send.json()).toEqual({
      message: 'The model took too long to answer. Please try again.',
    });
    expect(models.model('text-model').lastStreamCall.abortSignal?.aborted).toBe(true);

    models.model('text-model').next({ kind: 'hang', chunks: ['Slow '] });
    const stream = await call(t.app, 'POST', '/api/chat/stream', sendBody(), as(user));
    const events = parseEvents(stream.body);
    const error = events.at(-1);
    if (error?.type !== 'error') throw new Error('no error event');
    expect(error.data.code).toBe('timeout');
    expect(error.data.partial).toMatchObject({ content: 'Slow ', status: 'error' });
  });
});
