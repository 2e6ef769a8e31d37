import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxModelHandler, sandboxModelFetch } from '../src/index.ts';

const onePixelPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let server: Server;
let base: string;
/** Connections the server has seen close, to prove a client abort reaches it. */
let closedResponses = 0;

beforeAll(async () => {
  const handler = createSandboxModelHandler({ basePath: '/sandbox/models', chunkDelayMs: 1 });
  server = createServer((req, res) => {
    res.once('close', () => {
      closedResponses += 1;
    });
    handler(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/models/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Message = { role: string; content: unknown };

function complete(messages: Message[], extra: Record<string, unknown> = {}, signal?: AbortSignal) {
  return fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'sandbox', messages, ...extra }),
    ...(signal ? { signal } : {}),
  });
}

interface Chunk {
  object: string;
  model: string;
  choices: {
    index: number;
    delta: { role?: string; content?: string };
    finish_reason: string | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/** The `data:` payloads of an SSE body, in order. */
function dataLines(body: string): string[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => {
      expect(frame.startsWith('data: ')).toBe(true);
      return frame.slice('data: '.length);
    });
}

function bodyReader(response: Response) {
  if (!response.body) throw new Error('expected a streamed body');
  return response.body.getReader();
}

function textOf(chunks: Chunk[]): string {
  return chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
}

async function streamed(messages: Message[], extra: Record<string, unknown> = {}) {
  const response = await complete(messages, { stream: true, ...extra });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const lines = dataLines(await response.text());
  expect(lines.at(-1)).toBe('[DONE]');
  return lines.slice(0, -1).map((line) => JSON.parse(line) as Chunk);
}

describe('GET /v1/models', () => {
  it('lists the sandbox model', async () => {
    const response = await fetch(`${base}/models`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      object: 'list',
      data: [{ id: 'sandbox', object: 'model' }],
    });
  });
});

describe('POST /v1/chat/completions, streaming', () => {
  it('streams chat.completion.chunk frames: role first, then words, a finish reason, usage, [DONE]', async () => {
    const chunks = await streamed([{ role: 'user', content: 'Hello there' }], {
      stream_options: { include_usage: true },
    });
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model: 'sandbox' });
    }
    const finish = chunks.at(-2);
    expect(finish?.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'stop' });
    const usage = chunks.at(-1);
    expect(usage?.choices).toEqual([]);
    const words = chunks.slice(1, -2);
    expect(words.length).toBeGreaterThan(10);
    expect(usage?.usage).toEqual({
      prompt_tokens: 2,
      completion_tokens: words.length,
      total_tokens: 2 + words.length,
    });
    expect(textOf(chunks)).toContain('You wrote: “Hello there”.');
    expect(textOf(chunks)).toContain('**demo model**');
    expect(textOf(chunks)).toMatch(/^- Your message has 2 words\.$/m);
  });

  it('sends usage only when stream_options.include_usage is true', async () => {
    const chunks = await streamed([{ role: 'user', content: 'Hello there' }]);
    expect(chunks.every((chunk) => chunk.usage === undefined)).toBe(true);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('is deterministic: the same conversation gets the same reply', async () => {
    const messages = [{ role: 'user', content: 'Tell me about rivers' }];
    const first = textOf(await streamed(messages));
    const second = textOf(await streamed(messages));
    expect(second).toBe(first);
    expect(textOf(await streamed([{ role: 'user', content: 'Tell me about lakes' }]))).not.toBe(
      first,
    );
  });

  it('answers in Vietnamese when the last user message is Vietnamese', async () => {
    const text = textOf(
      await streamed([
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
        { role: 'user', content: 'Xin chào, bạn khỏe không?' },
      ]),
    );
    expect(text).toContain('Bạn đã viết: “Xin chào, bạn khỏe không?”.');
    expect(text).toContain('câu trả lời số 2');
    expect(text).not.toContain('You wrote');
  });

  it('writes a fenced code block when asked about code', async () => {
    const text = textOf(await streamed([{ role: 'user', content: 'Write a TypeScript function' }]));
    expect(text).toContain('```ts\n');
    expect(text.trimEnd().endsWith('```')).toBe(true);
  });

  it('writes many paragraphs for [long]', async () => {
    const text = textOf(await streamed([{ role: 'user', content: 'Go on [long]' }]));
    expect(text).toContain('Paragraph 12.');
  });

  it('acknowledges image parts with their size and dimensions', async () => {
    const text = textOf(
      await streamed([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: onePixelPng } },
          ],
        },
      ]),
    );
    expect(text).toMatch(/I can see 1 image \(image\/png, 1×1, \d+ bytes\)\./);
  });

  it('stops at max_tokens with finish_reason length', async () => {
    const chunks = await streamed([{ role: 'user', content: 'Hello' }], { max_tokens: 3 });
    expect(chunks.slice(1, -1)).toHaveLength(3);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length');
  });

  it('stops writing when the client aborts', async () => {
    const before = closedResponses;
    const controller = new AbortController();
    const response = await complete(
      [{ role: 'user', content: 'Take your time [slow]' }],
      { stream: true },
      controller.signal,
    );
    const reader = bodyReader(response);
    const first = await reader.read();
    expect(first.done).toBe(false);
    const started = Date.now();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    await expect.poll(() => closedResponses).toBe(before + 1);
    // At 300 ms a chunk the whole reply would take many seconds; the server let go at once.
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('POST /v1/chat/completions, not streaming', () => {
  it('answers one chat.completion with the whole reply and usage', async () => {
    const response = await complete([{ role: 'user', content: 'Hello there' }]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      object: string;
      choices: { message: { role: string; content: string }; finish_reason: string }[];
      usage: { completion_tokens: number };
    };
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]?.message.role).toBe('assistant');
    expect(body.choices[0]?.message.content).toContain('You wrote: “Hello there”.');
    expect(body.choices[0]?.finish_reason).toBe('stop');
    expect(body.usage.completion_tokens).toBeGreaterThan(0);
  });

  async function titleOf(message: string): Promise<string | undefined> {
    const response = await complete([
      {
        role: 'system',
        content: 'Write a short title for this conversation. Reply with the title only.',
      },
      { role: 'user', content: message },
    ]);
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    return body.choices[0]?.message.content;
  }

  it('titles with the whole first line, words and punctuation kept, when the system prompt asks for a title', async () => {
    expect(await titleOf('How do I bake sourdough bread at home, quickly?')).toBe(
      'How do I bake sourdough bread at home, quickly?',
    );
    // Issue 22 §4: the sixth-word cut lost "Hue" and the "!".
    expect(await titleOf('Trip plan - Visit **Hanoi** and `Hue`')).toBe(
      'Trip plan - Visit Hanoi and Hue',
    );
    expect(await titleOf('Hello! Can you show me a list\nof dishes')).toBe(
      'Hello! Can you show me a list',
    );
    expect(await titleOf('User: # Lên kế hoạch chuyến đi Huế')).toBe('Lên kế hoạch chuyến đi Huế');
  });

  it('cuts a long title between words with an ellipsis', async () => {
    const title = await titleOf(
      'Please compare the train, the night bus and the plane from Hanoi to Hue for a family of four',
    );
    expect(title).toBe('Please compare the train, the night bus and the plane from…');
    expect(await titleOf('x'.repeat(80))).toBe(`${'X'}${'x'.repeat(58)}…`);
  });

  it.each([
    [
      'Rewrite the text to be shorter.',
      'First sentence here. Second one follows.',
      'First sentence here.',
    ],
    ['Rewrite: translate the text into Vietnamese.', 'Good morning', '[vi] Good morning'],
    ['Rewrite: translate the text into English.', 'Chào buổi sáng', '[en] Chào buổi sáng'],
    ['Rewrite the text and fix its grammar.', 'i  like   tea', 'I like tea.'],
    ['Fix the grammar, spelling and punctuation of the text.', 'i like tea', 'I like tea.'],
    [
      'Translate the text into Vietnamese. Answer with the translation only.',
      'Good night',
      '[vi] Good night',
    ],
    [
      'Rewrite the text to be longer and more detailed.',
      'tell me about tea',
      'Tell me about tea. Please answer in detail, with concrete examples.',
    ],
  ])('rewrites deterministically (%s)', async (instruction, text, expected) => {
    const response = await complete([
      { role: 'system', content: instruction },
      { role: 'user', content: text },
    ]);
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]?.message.content).toBe(expected);
  });
});

describe('errors', () => {
  it('[fail] answers HTTP 500 with an OpenAI error body', async () => {
    const response = await complete([{ role: 'user', content: 'Please [fail]' }], { stream: true });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: {
        message: expect.stringContaining('[fail]') as string,
        type: 'server_error',
        param: null,
        code: 'sandbox_failure',
      },
    });
  });

  it('refuses an unknown model (404), bad JSON and missing messages (400)', async () => {
    const unknown = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'gpt-9', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'model_not_found' } });

    const badJson = await fetch(`${base}/chat/completions`, { method: 'POST', body: '{' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error: { type: 'invalid_request_error' } });

    const noMessages = await complete([]);
    expect(noMessages.status).toBe(400);
  });

  it('answers 404 outside its routes and 405 for the wrong method', async () => {
    expect((await fetch(`${base}/completions`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/chat/completions`)).status).toBe(405);
  });
});

describe('sandboxModelFetch (in-process, no socket)', () => {
  const inProcess = sandboxModelFetch({ chunkDelayMs: 0 });
  const request = (content: string, signal?: AbortSignal) =>
    inProcess('http://sandbox.invalid/v1/chat/completions', {
      method: 'POST',
      body: JSON.stringify({
        model: 'sandbox',
        stream: true,
        messages: [{ role: 'user', content }],
      }),
      ...(signal ? { signal } : {}),
    });

  it('serves the same stream as the HTTP handler', async () => {
    const viaFetch = dataLines(await (await request('Hello there')).text());
    const viaHttp = await streamed([{ role: 'user', content: 'Hello there' }]);
    expect(viaFetch.at(-1)).toBe('[DONE]');
    expect(textOf(viaFetch.slice(0, -1).map((line) => JSON.parse(line) as Chunk))).toBe(
      textOf(viaHttp),
    );
  });

  it('errors the body with an AbortError when the signal aborts', async () => {
    const slow = sandboxModelFetch({ slowChunkDelayMs: 50 });
    const controller = new AbortController();
    const response = await slow('http://sandbox.invalid/v1/chat/completions', {
      method: 'POST',
      body: JSON.stringify({
        model: 'sandbox',
        stream: true,
        messages: [{ role: 'user', content: 'Slowly [slow]' }],
      }),
      signal: controller.signal,
    });
    const reader = bodyReader(response);
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    await expect(request('again', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
