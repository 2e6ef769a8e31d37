import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chatModelsResponse, chatSendRequest, healthResponse } from '@studio/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call } from './support/auth.ts';
import { as, chatUser, parseEvents } from './support/chat.ts';
import { useTestApp } from './support/test-app.ts';
import { tinyGgufBytes } from './support/tiny-gguf.ts';

// The native runtime and the model load in well under a second alone, far slower on a busy CI box.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** A models directory with the tiny model in it, ready before the app's config is loaded. */
function modelsDirWith(files: Record<string, Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-local-models-'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
  return dir;
}

const installed = modelsDirWith({ 'tiny-chat.gguf': tinyGgufBytes({ name: 'Tiny Test Llama' }) });
const empty = modelsDirWith({});
afterAll(() => {
  rmSync(installed, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

const localEnv = {
  LOCAL_MODELS_DIR: installed,
  // Small enough that a reply (which the chat does not cap) ends quickly on the CPU.
  LOCAL_MODEL_CONTEXT_SIZE: '256',
  LOCAL_MODEL_THREADS: '1',
  CHAT_DAILY_LIMIT_VISITOR: '1000',
  CHAT_DAILY_LIMIT_FREE: '1000',
  RATE_LIMIT_API_MAX: '100000',
  RATE_LIMIT_AUTH_MAX: '100000',
};

/** A visitor's message with an earlier exchange, so no title is asked of the model. */
const visitorMessage = (message: string) =>
  chatSendRequest.parse({
    Message: message,
    ModelId: 'local',
    History: [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi, how can I help?' },
    ],
  });

describe('the local model as the default (no CHAT_MODELS, a GGUF model installed)', () => {
  const t = useTestApp('sqlite', localEnv);

  it('lists the installed model, named from its metadata, with no pull command', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chat/models' });
    expect(response.statusCode).toBe(200);
    expect(chatModelsResponse.parse(response.json())).toEqual({
      models: [
        {
          id: 'local',
          name: 'Tiny Test Llama',
          provider: 'local',
          capabilities: ['text'],
          plan: 'free',
          available: true,
        },
      ],
      defaultModelId: 'local',
      sandbox: false,
      pullCommand: null,
    });
    // Not preloaded in tests: health knows the model but has not loaded it.
    const health = healthResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).json(),
    );
    expect(health.localModel).toEqual({
      status: 'idle',
      name: 'Tiny Test Llama',
      file: 'tiny-chat.gguf',
      memoryBytes: null,
      active: 0,
      queued: 0,
      error: null,
    });
  });

  it('streams start, deltas and done from the local model', async () => {
    const response = await call(t.app, 'POST', '/api/chat/stream', visitorMessage('Tell me'));
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('done');
    const deltas = events.flatMap((event) => (event.type === 'delta' ? [event.data.text] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(types.slice(1, -1).every((type) => type === 'delta')).toBe(true);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.data.message).toMatchObject({
      role: 'assistant',
      modelId: 'local',
      status: 'complete',
      content: deltas.join(''),
    });
  });

  it('reports the model ready in /api/health with the memory it holds', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const { localModel } = healthResponse.parse(response.json());
    expect(localModel).toMatchObject({
      status: 'ready',
      name: 'Tiny Test Llama',
      file: 'tiny-chat.gguf',
      active: 0,
      queued: 0,
      error: null,
    });
    expect(localModel.memoryBytes).toBeGreaterThan(tinyGgufBytes().length);
  });

  it('queues a second request behind the first: a queue event at position 1, done after the first', async () => {
    const finished: string[] = [];
    const send = (label: string) =>
      call(t.app, 'POST', '/api/chat/stream', visitorMessage(label)).then((response) => {
        finished.push(label);
        return parseEvents(response.body);
      });
    const first = send('first');
    // The first holds the model before the second asks.
    await vi.waitFor(() => expect(t.app.localModel?.health().active).toBe(1), { interval: 5 });
    const second = send('second');
    const [firstEvents, secondEvents] = await Promise.all([first, second]);

    expect(firstEvents.some((event) => event.type === 'queue')).toBe(false);
    const types = secondEvents.map((event) => event.type);
    expect(types[0]).toBe('start');
    expect(types[1]).toBe('queue');
    expect(secondEvents[1]).toEqual({ type: 'queue', data: { position: 1 } });
    expect(types.indexOf('delta')).toBeGreaterThan(types.lastIndexOf('queue'));
    expect(types.at(-1)).toBe('done');
    expect(finished).toEqual(['first', 'second']);
  });

  it('stops generating when the reply is stopped, keeps the partial reply as stopped, and frees the slot', async () => {
    const user = await chatUser(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const request = http.request(`${address}/api/chat/stream`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.bearer}` },
    });
    request.end(JSON.stringify(chatSendRequest.parse({ Message: 'Go on', ModelId: 'local' })));
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      request.on('response', resolve),
    );
    expect(response.statusCode).toBe(200);
    let text = '';
    for await (const chunk of response) {
      text += String(chunk);
      if ((text.match(/event: delta/g) ?? []).length >= 3) break;
    }
    const [start] = parseEvents(text.slice(0, text.indexOf('\n\n') + 2));
    if (start?.type !== 'start') throw new Error('no start event');
    request.destroy();
    // Closing the connection leaves the reply running (a reload resumes it); the stop ends it.
    const stop = await call(
      t.app,
      'POST',
      `/api/chat/replies/${start.data.assistantMessageId}/stop`,
      undefined,
      as(user),
    );
    expect(stop.json()).toEqual({ stopping: true });

    // The slot is free again well before a whole reply would have been written...
    await vi.waitFor(() => expect(t.app.localModel?.health().active).toBe(0), { interval: 5 });
    // ...what was written is kept, as stopped, and shorter than a full reply.
    const conversationId = start.data.conversationId ?? '';
    const stored = await vi.waitFor(async () => {
      const detail = await call(t.app, 'GET', `/api/chat/${conversationId}`, undefined, as(user));
      const messages = detail.json().messages as { content: string; status: string }[];
      expect(messages.map((message) => message.status)).toEqual(['complete', 'stopped']);
      return messages[1]?.content ?? '';
    });
    expect(stored.length).toBeGreaterThan(0);
    const tokenizer = await t.app.localModel?.tokenizer();
    expect(tokenizer?.tokenize(stored).length ?? 0).toBeLessThan(200);

    // The next request gets the model and completes.
    const next = parseEvents(
      (await call(t.app, 'POST', '/api/chat/stream', visitorMessage('Next'))).body,
    );
    expect(next.at(-1)?.type).toBe('done');
  });
});

describe('a full local-model queue', () => {
  const t = useTestApp('sqlite', { ...localEnv, LOCAL_MODEL_QUEUE_MAX: '0' });

  it('refuses a request while another generates, with a clear 503 before the stream opens', async () => {
    const first = call(t.app, 'POST', '/api/chat/stream', visitorMessage('first'));
    await vi.waitFor(() => expect(t.app.localModel?.health().active).toBe(1), { interval: 5 });
    const refused = await call(t.app, 'POST', '/api/chat/stream', visitorMessage('second'));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: 'The local model is busy. Try again shortly.' });
    expect(parseEvents((await first).body).at(-1)?.type).toBe('done');
  });
});

describe('no model installed and nothing configured', () => {
  const t = useTestApp('sqlite', { LOCAL_MODELS_DIR: empty });

  it('falls back to the sandbox model and offers the pull command', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chat/models' });
    const body = chatModelsResponse.parse(response.json());
    expect(body.models.map((model) => model.id)).toEqual(['sandbox']);
    expect(body.sandbox).toBe(true);
    expect(body.pullCommand).toBe('npm run models:pull');
    const health = healthResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).json(),
    );
    expect(health.localModel).toEqual({
      status: 'none',
      name: null,
      file: null,
      memoryBytes: null,
      active: 0,
      queued: 0,
      error: null,
    });
  });
});

describe('a local model listed in CHAT_MODELS', () => {
  const t = useTestApp('sqlite', {
    ...localEnv,
    CHAT_MODELS: JSON.stringify([
      { id: 'my-llama', name: 'My llama', provider: 'local', model: 'tiny-chat.gguf' },
    ]),
  });

  it('is listed with its configured name and answers', async () => {
    const body = chatModelsResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/chat/models' })).json(),
    );
    expect(body.models).toEqual([
      expect.objectContaining({ id: 'my-llama', name: 'My llama', provider: 'local' }),
    ]);
    expect(body.pullCommand).toBeNull();
    const events = parseEvents(
      (
        await call(t.app, 'POST', '/api/chat/stream', {
          ...visitorMessage('Hi'),
          ModelId: 'my-llama',
        })
      ).body,
    );
    expect(events.at(-1)?.type).toBe('done');
  });
});

describe('preloading the local model at start-up', () => {
  const t = useTestApp('sqlite', { ...localEnv, LOCAL_MODEL_PRELOAD: 'true', LOG_LEVEL: 'info' });

  it('loads it in the background once the app is ready and logs what it holds', async () => {
    const line = await vi.waitFor(
      () => {
        const found = t.logs.find((log) => log.includes('Local model: '));
        expect(found).toBeDefined();
        return JSON.parse(found ?? '{}') as { msg: string; memoryBytes: number };
      },
      { timeout: 60_000, interval: 20 },
    );
    expect(line.msg).toMatch(/^Local model: Tiny Test Llama \(tiny-chat\.gguf\) loaded, \d+ MB$/);
    expect(line.memoryBytes).toBeGreaterThan(tinyGgufBytes().length);
    expect(t.app.localModel?.health().status).toBe('ready');
  });
});

describe('a local model that cannot load', () => {
  const broken = modelsDirWith({ 'broken.gguf': Buffer.from('GGUF, then nothing a model needs') });
  afterAll(() => rmSync(broken, { recursive: true, force: true }));
  const t = useTestApp('sqlite', {
    ...localEnv,
    LOCAL_MODELS_DIR: broken,
    LOCAL_MODEL_PRELOAD: 'true',
    LOG_LEVEL: 'info',
  });

  it('logs the failure at start-up and reports it in /api/health', async () => {
    const line = await vi.waitFor(
      () => {
        const found = t.logs.find((log) => log.includes('failed to load'));
        expect(found).toBeDefined();
        return JSON.parse(found ?? '{}') as { msg: string };
      },
      { timeout: 60_000, interval: 20 },
    );
    expect(line.msg).toMatch(/^Local model: broken\.gguf failed to load: .*GGUF version/);
    // Its name could not be read either: the registry falls back to the file name.
    expect(t.logs.some((log) => log.includes('cannot read its GGUF metadata'))).toBe(true);
    expect(t.app.models.get('local')?.name).toBe('broken');
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponse.parse(response.json()).localModel).toMatchObject({
      status: 'error',
      file: 'broken.gguf',
      memoryBytes: null,
      error: expect.stringMatching(/GGUF version/),
    });
  });
});
