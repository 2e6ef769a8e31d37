import type { ChatStreamEvent } from '@studio/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiSettings } from '../../../lib/api/settings';
import { createMemoryStore } from '../../../lib/storage';
import { chatHandlers } from '../../../mocks/handlers/chat';
import { server } from '../../../test/server';
import { ChatHttpError, ChatQuotaError } from './errors';
import { REPLY_IDLE_MS } from './followReply';
import { streamChat } from './streamChat';

function settings(overrides: Partial<ApiSettings> = {}): ApiSettings {
  return {
    baseUrl: () => Promise.resolve(''),
    language: () => 'vi',
    currentPath: () => '/home',
    redirectToLogin: vi.fn(),
    store: createMemoryStore(),
    freshToken: () => Promise.resolve('fresh-token'),
    ...overrides,
  };
}

async function collect(events: AsyncGenerator<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const all: ChatStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('streamChat', () => {
  it('sends what the API clients send (renewed bearer, CSRF header, language) and yields typed events', async () => {
    document.cookie = 'XSRF-TOKEN=csrf-123; path=/';
    const seen: Headers[] = [];
    server.events.on('request:start', ({ request }) => void seen.push(request.headers));
    const events = await collect(
      streamChat({ Message: 'Hi there', ModelId: 'gpt-4o-mini' }, undefined, settings()),
    );
    server.events.removeAllListeners();
    expect(seen[0]?.get('Authorization')).toBe('Bearer fresh-token');
    expect(seen[0]?.get('X-XSRF-TOKEN')).toBe('csrf-123');
    expect(seen[0]?.get('Accept-Language')).toBe('vi');
    expect(events.map((event) => event.type)).toEqual([
      'start',
      ...Array<string>(events.length - 2).fill('delta'),
      'done',
    ]);
    const text = events.flatMap((event) => (event.type === 'delta' ? [event.data.text] : []));
    expect(text.join('')).toBe('You said: Hi there');
    expect(events[0]).toMatchObject({ type: 'start', data: { conversationId: 'conv-new' } });
  });

  it('rejects a 429 quota body as ChatQuotaError', async () => {
    server.use(chatHandlers.streamQuota);
    const failure = await collect(
      streamChat({ Message: 'Hi', ModelId: 'm' }, undefined, settings()),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChatQuotaError);
    expect((failure as ChatQuotaError).quota).toMatchObject({ limit: 20, upgradeUrl: '/plans' });
  });

  it("rejects other failures with the server's words", async () => {
    server.use(chatHandlers.streamServerError);
    const failure = await collect(
      streamChat({ Message: 'Hi', ModelId: 'm' }, undefined, settings()),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChatHttpError);
    expect((failure as ChatHttpError).serverText).toBe('Server error. Please try again later.');
  });

  it('ends the session on a 401, as the API clients do', async () => {
    server.use(
      http.post('*/api/chat/stream', () =>
        HttpResponse.json({ message: 'Authentication required.' }, { status: 401 }),
      ),
    );
    const store = createMemoryStore({ token: 'old' });
    const redirectToLogin = vi.fn();
    const failure = await collect(
      streamChat({ Message: 'Hi', ModelId: 'm' }, undefined, settings({ store, redirectToLogin })),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChatHttpError);
    expect(redirectToLogin).toHaveBeenCalledWith('/home');
    expect(store.get('token')).toBeNull();
  });

  it('sends no bearer for a visitor and no CSRF header to another origin', async () => {
    document.cookie = 'XSRF-TOKEN=csrf-123; path=/';
    const seen: Headers[] = [];
    server.events.on('request:start', ({ request }) => void seen.push(request.headers));
    await collect(
      streamChat(
        { Message: 'Hi', ModelId: 'm' },
        undefined,
        settings({
          baseUrl: () => Promise.resolve('https://api.elsewhere.example'),
          freshToken: () => Promise.resolve(null),
        }),
      ),
    );
    server.events.removeAllListeners();
    expect(seen[0]?.has('Authorization')).toBe(false);
    expect(seen[0]?.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('follows a reply again from its last event when its connection goes silent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const encoder = new TextEncoder();
    const frame = (id: number, type: string, data: unknown) =>
      encoder.encode(`event: ${type}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
    const start = {
      conversationId: null,
      userMessage: {
        id: 'u1',
        role: 'user',
        content: 'Hi',
        createdAt: '2026-11-29T10:00:00.000Z',
        modelId: null,
        imageUrls: [],
        status: 'complete',
      },
      assistantMessageId: 'reply-1',
      modelId: 'm',
    };
    const followedAfter: (string | null)[] = [];
    server.use(
      // The first two events, then nothing: the connection's other end is gone, unannounced.
      http.post(
        '*/api/chat/stream',
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(frame(1, 'start', start));
                controller.enqueue(frame(2, 'delta', { text: 'Hello ' }));
              },
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
      http.get('*/api/chat/replies/:id/events', ({ request, params }) => {
        followedAfter.push(`${String(params['id'])}@${request.headers.get('Last-Event-ID')}`);
        return new HttpResponse(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(frame(3, 'delta', { text: 'again' }));
              controller.enqueue(
                frame(4, 'done', {
                  message: {
                    ...start.userMessage,
                    id: 'reply-1',
                    role: 'assistant',
                    content: 'Hello again',
                  },
                  title: null,
                }),
              );
              controller.close();
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        );
      }),
    );
    try {
      const collecting = collect(
        streamChat({ Message: 'Hi', ModelId: 'm' }, undefined, settings()),
      );
      await vi.advanceTimersByTimeAsync(REPLY_IDLE_MS + 1_000);
      const events = await collecting;
      expect(followedAfter).toEqual(['reply-1@2']);
      expect(events.map((event) => event.type)).toEqual(['start', 'delta', 'delta', 'done']);
    } finally {
      vi.useRealTimers();
    }
  });
});
