import {
  MODEL_ID_REQUIRED,
  type ChatMessage,
  type ChatSendRequest,
  type ChatStreamEvent,
} from '@studio/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatStorageKey, createMemoryStore, type KeyValueStore } from '../../../lib/storage';
import { ChatHttpError, ChatQuotaError } from '../api/errors';
import type { ChatHistory } from '../api/getHistory';
import { SAVE_DEBOUNCE_MS } from './chatStorage';
import { useChat, type ChatApi, type UseChatOptions } from './useChat';

const at = '2026-11-21T09:00:00.000Z';

function message(id: string, role: ChatMessage['role'], content: string): ChatMessage {
  return { id, role, content, createdAt: at, modelId: null, imageUrls: [], status: 'complete' };
}

/** A reply as the API streams it: start, the text in pieces, done. */
function reply(
  text: string,
  {
    conversationId = null,
    title = null,
  }: { conversationId?: string | null; title?: string | null } = {},
): (request: ChatSendRequest, n: number) => ChatStreamEvent[] {
  return (request, n) => [
    {
      type: 'start',
      data: {
        conversationId,
        userMessage: message(`u${n}`, 'user', request.Message),
        assistantMessageId: `a${n}`,
        modelId: 'm1',
      },
    },
    ...text.split(' ').map((word, i) => ({
      type: 'delta' as const,
      data: { text: i === 0 ? word : ` ${word}` },
    })),
    { type: 'done', data: { message: message(`a${n}`, 'assistant', text), title } },
  ];
}

/** A fake stream: records requests and plays the script; `hang` waits for the abort. */
function fakeStream(
  script: (request: ChatSendRequest, n: number) => ChatStreamEvent[],
  { hang = false, fail }: { hang?: boolean; fail?: unknown } = {},
) {
  const requests: ChatSendRequest[] = [];
  const stream: ChatApi['stream'] = async function* (request, signal) {
    requests.push(request);
    await Promise.resolve();
    if (fail) throw fail;
    for (const event of script(request, requests.length)) yield event;
    if (hang) {
      await new Promise((_, reject) =>
        signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        ),
      );
    }
  };
  return { stream, requests };
}

/** A stream the test feeds one event at a time (null ends it), to look between events. */
function steppedStream() {
  const items: (ChatStreamEvent | null)[] = [];
  let wake: (() => void) | null = null;
  const stream: ChatApi['stream'] = async function* (_request, signal) {
    for (;;) {
      while (items.length === 0) {
        await new Promise<void>((resolve, reject) => {
          wake = resolve;
          signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        });
      }
      const item = items.shift();
      if (!item) return;
      yield item;
    }
  };
  const push = (item: ChatStreamEvent | null) => {
    items.push(item);
    wake?.();
  };
  return { stream, push };
}

const started: ChatStreamEvent = {
  type: 'start',
  data: {
    conversationId: null,
    userMessage: message('u1', 'user', 'Hi'),
    assistantMessageId: 'a1',
    modelId: 'local',
  },
};

/** A chat on a stepped stream whose stops reach the server (recorded in `stopped`). */
function setupStoppable() {
  const steps = steppedStream();
  const stopped: string[] = [];
  const { result } = setup({
    api: {
      stream: steps.stream,
      stopReply: (id) => {
        stopped.push(id);
        return Promise.resolve(true);
      },
    },
  });
  return { steps, stopped, result };
}

function setup(
  options: Partial<UseChatOptions> & { api?: Partial<ChatApi> },
  store: KeyValueStore = createMemoryStore(),
) {
  const onConversationChange = vi.fn();
  const onQuota = vi.fn();
  const view = renderHook(
    (props: Partial<UseChatOptions>) =>
      useChat({
        signedIn: false,
        conversationId: null,
        onConversationChange,
        onQuota,
        store,
        modelId: 'm1',
        ...options,
        ...props,
        api: {
          loadHistory: () => Promise.resolve({ messages: [], liveReplyId: null }),
          // As when the server cannot be reached: a stop then stops following by itself.
          stopReply: () => Promise.reject(new Error('Network Error')),
          ...options.api,
          ...props.api,
        },
      }),
    { initialProps: {} },
  );
  return { ...view, store, onConversationChange, onQuota };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useChat', () => {
  it('grows the reply by deltas and ends with the final message', async () => {
    const { stream, requests } = fakeStream(reply('Hello there friend'));
    const { result } = setup({ api: { stream } });
    let outcome;
    await act(async () => {
      outcome = await result.current.send('  Hi  ');
    });
    expect(outcome).toEqual({ status: 'sent' });
    expect(requests[0]).toMatchObject({
      Message: 'Hi',
      ModelId: 'm1',
      ConversationId: null,
      ReturnAudio: false,
      AudioFormat: 'mp3',
      History: [],
    });
    expect(result.current.messages.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'Hi', 'complete'],
      ['assistant', 'Hello there friend', 'complete'],
    ]);
    expect(result.current.status).toBe('idle');
    expect(result.current.streamingId).toBeNull();
  });

  it('saves messages 150 ms after the last change (§9), not before', async () => {
    vi.useFakeTimers();
    const { stream } = fakeStream(reply('Done'));
    const { result, store } = setup({ api: { stream } });
    await act(async () => {
      await result.current.send('Hi');
    });
    const key = chatStorageKey('chatMessages', 'visitor');
    expect(store.get(key)).toBeNull();
    act(() => vi.advanceTimersByTime(SAVE_DEBOUNCE_MS - 1));
    expect(store.get(key)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const saved = JSON.parse(store.get(key) ?? '[]') as ChatMessage[];
    expect(saved.map((m) => m.content)).toEqual(['Hi', 'Done']);
  });

  it('sends a visitor’s earlier turns as History and restores them after a reload', async () => {
    const store = createMemoryStore({
      [chatStorageKey('chatMessages', 'visitor')]: JSON.stringify([
        message('1', 'user', 'First'),
        message('2', 'assistant', 'Answer'),
      ]),
    });
    const { stream, requests } = fakeStream(reply('Second answer'));
    const { result } = setup({ api: { stream } }, store);
    expect(result.current.messages).toHaveLength(2);
    await act(async () => {
      await result.current.send('Second');
    });
    expect(requests[0]?.History).toEqual([
      { role: 'user', content: 'First' },
      { role: 'assistant', content: 'Answer' },
    ]);
  });

  it('moves stored messages and title to the id a new conversation gets (§4)', async () => {
    vi.useFakeTimers();
    const { stream, requests } = fakeStream(
      reply('Hi back', { conversationId: 'c1', title: 'Greeting' }),
    );
    const store = createMemoryStore({
      [chatStorageKey('chatMessages', 'new')]: JSON.stringify([message('x', 'user', 'draft')]),
    });
    const { result, onConversationChange } = setup({ signedIn: true, api: { stream } }, store);
    await act(async () => {
      await result.current.send('Hello');
    });
    expect(requests[0]?.ConversationId).toBeNull();
    expect(requests[0]?.History).toEqual([]);
    expect(onConversationChange).toHaveBeenCalledWith('c1');
    act(() => vi.advanceTimersByTime(SAVE_DEBOUNCE_MS));
    expect(store.get(chatStorageKey('chatMessages', 'new'))).toBeNull();
    expect(store.get(chatStorageKey('chatTitle', 'c1'))).toBe('Greeting');
    const saved = JSON.parse(
      store.get(chatStorageKey('chatMessages', 'c1')) ?? '[]',
    ) as ChatMessage[];
    expect(saved.map((m) => m.content)).toEqual(['draft', 'Hello', 'Hi back']);
    expect(result.current.title).toBe('Greeting');

    // The next message goes to the conversation it now belongs to.
    await act(async () => {
      await result.current.send('Again');
    });
    expect(requests[1]?.ConversationId).toBe('c1');
  });

  it('shows the place in the local model’s line until the first words arrive', async () => {
    const { stream, push } = steppedStream();
    const { result } = setup({ api: { stream } });
    let sending: Promise<unknown> = Promise.resolve();
    act(() => {
      sending = result.current.send('Hi');
    });
    expect(result.current.queuePosition).toBeNull();
    act(() => push(started));
    await waitFor(() => expect(result.current.streamingId).toBe('a1'));
    expect(result.current.queuePosition).toBeNull();

    act(() => push({ type: 'queue', data: { position: 2 } }));
    await waitFor(() => expect(result.current.queuePosition).toBe(2));
    act(() => push({ type: 'queue', data: { position: 1 } }));
    await waitFor(() => expect(result.current.queuePosition).toBe(1));
    expect(result.current.status).toBe('streaming');
    expect(result.current.messages[1]).toMatchObject({ content: '', status: 'complete' });

    act(() => push({ type: 'delta', data: { text: 'Hello' } }));
    await waitFor(() => expect(result.current.messages[1]?.content).toBe('Hello'));
    expect(result.current.queuePosition).toBeNull();

    act(() =>
      push({ type: 'done', data: { message: message('a1', 'assistant', 'Hello'), title: null } }),
    );
    act(() => push(null));
    await act(async () => {
      await expect(sending).resolves.toEqual({ status: 'sent' });
    });
    expect(result.current.queuePosition).toBeNull();
  });

  it('forgets the place in line when a waiting reply is stopped or fails', async () => {
    const first = steppedStream();
    const { result, rerender } = setup({ api: { stream: first.stream } });
    let sending: Promise<unknown> = Promise.resolve();
    act(() => {
      sending = result.current.send('Hi');
    });
    act(() => first.push(started));
    act(() => first.push({ type: 'queue', data: { position: 3 } }));
    await waitFor(() => expect(result.current.queuePosition).toBe(3));
    act(() => result.current.stop());
    await act(async () => {
      await expect(sending).resolves.toEqual({ status: 'stopped' });
    });
    expect(result.current.queuePosition).toBeNull();

    const second = steppedStream();
    rerender({ api: { stream: second.stream } });
    act(() => {
      sending = result.current.send('Again');
    });
    act(() => second.push({ ...started, data: { ...started.data, assistantMessageId: 'a2' } }));
    act(() => second.push({ type: 'queue', data: { position: 1 } }));
    await waitFor(() => expect(result.current.queuePosition).toBe(1));
    act(() =>
      second.push({
        type: 'error',
        data: {
          message: 'The local model is busy. Try again shortly.',
          code: 'provider',
          partial: null,
        },
      }),
    );
    act(() => second.push(null));
    await act(async () => {
      await sending;
    });
    expect(result.current.queuePosition).toBeNull();
    expect(result.current.error?.message).toBe('The local model is busy. Try again shortly.');
  });

  it('stops a reply the server cannot be told about: the text so far stays, marked stopped', async () => {
    const { stream } = fakeStream(
      (request, n) => reply('Partial words', {})(request, n).slice(0, -1),
      { hang: true },
    );
    const { result } = setup({ api: { stream } });
    let sending: Promise<unknown> = Promise.resolve();
    act(() => {
      sending = result.current.send('Tell me a story');
    });
    await waitFor(() => expect(result.current.messages[1]?.content).toBe('Partial words'));
    expect(result.current.status).toBe('streaming');
    expect(result.current.streamingId).toBe('a1');
    act(() => result.current.stop());
    await act(async () => {
      await expect(sending).resolves.toEqual({ status: 'stopped' });
    });
    expect(result.current.messages[1]).toMatchObject({
      content: 'Partial words',
      status: 'stopped',
    });
    expect(result.current.error).toBeNull();
    expect(result.current.status).toBe('idle');
  });

  it('stops a reply wherever the server writes it: its `stopped` ends the stream with what it kept', async () => {
    const { steps, stopped, result } = setupStoppable();
    let sending: Promise<unknown> = Promise.resolve();
    act(() => {
      sending = result.current.send('Hi');
    });
    act(() => steps.push(started));
    act(() => steps.push({ type: 'delta', data: { text: 'Once' } }));
    await waitFor(() => expect(result.current.messages[1]?.content).toBe('Once'));
    act(() => result.current.stop());
    expect(stopped).toEqual(['a1']);
    // The stream goes on until the server says what it kept (a word more, here).
    expect(result.current.status).toBe('streaming');
    act(() =>
      steps.push({
        type: 'stopped',
        data: { message: { ...message('a1', 'assistant', 'Once upon'), status: 'stopped' } },
      }),
    );
    await act(async () => {
      await expect(sending).resolves.toEqual({ status: 'stopped' });
    });
    expect(result.current.messages[1]).toMatchObject({ content: 'Once upon', status: 'stopped' });
    expect(result.current.status).toBe('idle');
    expect(result.current.error).toBeNull();
  });

  it('sends a stop asked before the reply started as soon as it starts', async () => {
    const { steps, stopped, result } = setupStoppable();
    act(() => void result.current.send('Hi'));
    act(() => result.current.stop());
    expect(stopped).toEqual([]);
    act(() => steps.push(started));
    await waitFor(() => expect(stopped).toEqual(['a1']));
  });

  it('keeps a reply the server cut off as interrupted, offering Regenerate rather than an error', async () => {
    const steps = steppedStream();
    const { result } = setup({ api: { stream: steps.stream } });
    let sending: Promise<unknown> = Promise.resolve();
    act(() => {
      sending = result.current.send('Hi');
    });
    act(() => steps.push(started));
    act(() => steps.push({ type: 'delta', data: { text: 'Half' } }));
    act(() =>
      steps.push({
        type: 'error',
        data: {
          message: 'The reply was interrupted because the server restarted.',
          code: 'interrupted',
          partial: { ...message('a1', 'assistant', 'Half'), status: 'interrupted' },
        },
      }),
    );
    act(() => steps.push(null));
    await act(async () => {
      await expect(sending).resolves.toEqual({ status: 'sent' });
    });
    expect(result.current.messages[1]).toMatchObject({ content: 'Half', status: 'interrupted' });
    expect(result.current.error).toBeNull();
  });

  it("follows a signed-in conversation's reply still being written when it opens", async () => {
    const history = [message('u7', 'user', 'Earlier question')];
    const follows: [string, number][] = [];
    const { result } = setup({
      signedIn: true,
      conversationId: 'c7',
      api: {
        loadHistory: () => Promise.resolve({ messages: history, liveReplyId: 'a7' }),
        follow: async function* (id, after) {
          follows.push([id, after]);
          yield {
            type: 'start',
            data: {
              ...started.data,
              userMessage: history[0] as ChatMessage,
              assistantMessageId: 'a7',
            },
          };
          yield { type: 'delta', data: { text: 'Still ' } };
          yield { type: 'delta', data: { text: 'writing' } };
          yield {
            type: 'done',
            data: { message: message('a7', 'assistant', 'Still writing'), title: null },
          };
        },
      },
    });
    await waitFor(() =>
      expect(result.current.messages.map((m) => [m.id, m.content])).toEqual([
        ['u7', 'Earlier question'],
        ['a7', 'Still writing'],
      ]),
    );
    expect(follows).toEqual([['a7', 0]]);
    await waitFor(() => expect(result.current.status).toBe('idle'));
  });

  it("follows a visitor's reply kept as interrupted by a reload, in place of what was kept", async () => {
    const store = createMemoryStore();
    store.set(
      chatStorageKey('chatMessages', 'visitor'),
      JSON.stringify([
        message('u1', 'user', 'Hi'),
        { ...message('a1', 'assistant', 'Hal'), status: 'interrupted' },
      ]),
    );
    const follows: string[] = [];
    const { result } = setup(
      {
        api: {
          follow: async function* (id) {
            follows.push(id);
            yield started;
            yield { type: 'delta', data: { text: 'Half and ' } };
            yield { type: 'delta', data: { text: 'whole' } };
            yield {
              type: 'done',
              data: { message: message('a1', 'assistant', 'Half and whole'), title: null },
            };
          },
        },
      },
      store,
    );
    await waitFor(() =>
      expect(result.current.messages.map((m) => [m.id, m.content, m.status])).toEqual([
        ['u1', 'Hi', 'complete'],
        ['a1', 'Half and whole', 'complete'],
      ]),
    );
    expect(follows).toEqual(['a1']);
  });

  it('leaves a reply that can no longer be followed as it was kept, without an error', async () => {
    const store = createMemoryStore();
    const kept = [
      message('u1', 'user', 'Hi'),
      { ...message('a1', 'assistant', 'Hal'), status: 'interrupted' as const },
    ];
    store.set(chatStorageKey('chatMessages', 'visitor'), JSON.stringify(kept));
    const { result } = setup(
      {
        api: {
          // eslint-disable-next-line require-yield
          follow: async function* () {
            throw new ChatHttpError(404, 'This reply is no longer available.');
          },
        },
      },
      store,
    );
    await waitFor(() => expect(result.current.status).toBe('idle'));
    expect(result.current.messages).toEqual(kept);
    expect(result.current.error).toBeNull();
  });

  it('regenerates the last reply (signed in: Regenerate, visitor: the question again)', async () => {
    const { stream, requests } = fakeStream(reply('Another answer'));
    const { result, rerender } = setup({ signedIn: true, conversationId: 'c9', api: { stream } });
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    await act(async () => {
      await result.current.send('Question');
    });
    await act(async () => {
      await result.current.regenerate();
    });
    expect(requests[1]).toMatchObject({
      Regenerate: true,
      Message: 'Question',
      ConversationId: 'c9',
    });
    expect(result.current.messages.map((m) => m.content)).toEqual(['Question', 'Another answer']);
    rerender({});
  });

  it('regenerates for a visitor by asking the last question again with the turns before it', async () => {
    const { stream, requests } = fakeStream(reply('Fresh'));
    const { result } = setup({ api: { stream } });
    await act(async () => {
      await result.current.send('One');
    });
    await act(async () => {
      await result.current.regenerate();
    });
    expect(requests[1]).toMatchObject({ Regenerate: false, Message: 'One', History: [] });
    expect(result.current.messages.map((m) => m.content)).toEqual(['One', 'Fresh']);
  });

  it('edits a user message: it and everything after it are replaced', async () => {
    const { stream, requests } = fakeStream(reply('Reply'));
    const { result } = setup({ signedIn: true, conversationId: 'c2', api: { stream } });
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    await act(async () => {
      await result.current.send('First');
    });
    await act(async () => {
      await result.current.send('Second');
    });
    const first = result.current.messages[0];
    expect(first?.id).toBe('u1');
    await act(async () => {
      await result.current.edit('u1', 'First, edited');
    });
    expect(requests[2]).toMatchObject({ EditMessageId: 'u1', Message: 'First, edited' });
    expect(result.current.messages.map((m) => m.content)).toEqual(['First, edited', 'Reply']);
  });

  it('gives the text back and keeps earlier messages when the send fails before it starts', async () => {
    const ok = fakeStream(reply('Fine'));
    const { result, rerender } = setup({ api: { stream: ok.stream } });
    await act(async () => {
      await result.current.send('Works');
    });
    const failing = fakeStream(reply('never'), {
      fail: new ChatHttpError(500, 'Server error. Please try again later.'),
    });
    rerender({ api: { stream: failing.stream } });
    let outcome;
    await act(async () => {
      outcome = await result.current.send('My long question');
    });
    expect(outcome).toEqual({ status: 'failed', draft: 'My long question' });
    expect(result.current.messages.map((m) => m.content)).toEqual(['Works', 'Fine']);
    expect(result.current.error).toEqual({
      kind: 'send',
      message: 'Server error. Please try again later.',
    });
  });

  it('leaves the fallback text to the view when nobody said why (§8)', async () => {
    const { stream } = fakeStream(reply('x'), { fail: new ChatHttpError(500, null) });
    const { result } = setup({ api: { stream } });
    await act(async () => {
      await result.current.send('Hi');
    });
    expect(result.current.error).toEqual({ kind: 'send', message: null });
  });

  it('keeps a reply that failed part-way, marked failed, with the provider’s message', async () => {
    const { stream } = fakeStream((request, n) => [
      ...reply('Half')(request, n).slice(0, 2),
      {
        type: 'error',
        data: {
          message: 'The model provider failed.',
          code: 'provider',
          partial: { ...message(`a${n}`, 'assistant', 'Half'), status: 'error' },
        },
      },
    ]);
    const { result } = setup({ api: { stream } });
    await act(async () => {
      await result.current.send('Hi');
    });
    expect(result.current.messages.map((m) => [m.content, m.status])).toEqual([
      ['Hi', 'complete'],
      ['Half', 'error'],
    ]);
    expect(result.current.error?.message).toBe('The model provider failed.');
  });

  it('reports the quota (429 body) as its own kind', async () => {
    const quota = {
      message: 'You have used all 20 free messages for today.',
      code: 'quota' as const,
      limit: 20,
      resetsAt: '2026-11-22T00:00:00.000Z',
      upgradeUrl: '/plans',
    };
    const { stream } = fakeStream(reply('x'), { fail: new ChatQuotaError(quota) });
    const { result, onQuota } = setup({ api: { stream } });
    await act(async () => {
      await result.current.send('Hi');
    });
    expect(result.current.quota).toEqual({
      message: quota.message,
      resetsAt: quota.resetsAt,
      upgradeUrl: '/plans',
    });
    expect(onQuota).toHaveBeenCalledWith(result.current.quota);
  });

  it('says a model id is required (§5) without calling the API', async () => {
    const { stream, requests } = fakeStream(reply('x'));
    const { result } = setup({ modelId: null, api: { stream } });
    let outcome;
    await act(async () => {
      outcome = await result.current.send('Hi');
    });
    expect(outcome).toEqual({ status: 'failed', draft: 'Hi' });
    expect(requests).toHaveLength(0);
    expect(result.current.error?.message).toBe(MODEL_ID_REQUIRED);
  });

  it('aborts the history request when the chat closes before it answered', () => {
    const signals: AbortSignal[] = [];
    const { unmount } = setup({
      signedIn: true,
      conversationId: 'c5',
      api: {
        loadHistory: (_id, signal) => {
          if (signal) signals.push(signal);
          return new Promise<ChatHistory>(() => {});
        },
      },
    });
    expect(signals).toHaveLength(1);
    unmount();
    expect(signals[0]?.aborted).toBe(true);
  });

  it('loads a signed-in conversation’s history, and says when it cannot', async () => {
    const history = [message('h1', 'user', 'Earlier'), message('h2', 'assistant', 'Reply')];
    const { result } = setup({
      signedIn: true,
      conversationId: 'c3',
      api: { loadHistory: () => Promise.resolve({ messages: history, liveReplyId: null }) },
    });
    expect(result.current.loadingHistory).toBe(true);
    await waitFor(() => expect(result.current.messages).toEqual(history));

    const failing = setup({
      signedIn: true,
      conversationId: 'c4',
      api: { loadHistory: () => Promise.reject(new Error('Offline')) },
    });
    await waitFor(() =>
      expect(failing.result.current.error).toEqual({ kind: 'history', message: 'Offline' }),
    );
  });

  it('resets: deletes on the server (errors ignored), clears the id and what is stored (§4)', async () => {
    const store = createMemoryStore({
      [chatStorageKey('chatMessages', 'c5')]: JSON.stringify([message('1', 'user', 'Hi')]),
      [chatStorageKey('chatTitle', 'c5')]: 'Old',
    });
    const remove = vi.fn(() => Promise.reject(new Error('Server down')));
    const { result, onConversationChange } = setup(
      { signedIn: true, conversationId: 'c5', api: { remove } },
      store,
    );
    expect(result.current.messages).toHaveLength(1);
    await act(async () => {
      await result.current.reset();
    });
    expect(remove).toHaveBeenCalledWith('c5');
    expect(onConversationChange).toHaveBeenCalledWith(null);
    expect(result.current.messages).toEqual([]);
    expect(store.get(chatStorageKey('chatMessages', 'c5'))).toBeNull();
    expect(store.get(chatStorageKey('chatTitle', 'c5'))).toBeNull();
  });

  it('asks for a spoken reply with the chosen voice and keeps its sentences by message', async () => {
    const sentence = (index: number, text: string) => ({
      index,
      text,
      format: 'mp3' as const,
      mimeType: 'audio/mpeg',
      data: 'AAAA',
      voice: 'en-1',
    });
    const { stream, requests } = fakeStream((request, n) => {
      const events = reply('Spoken')(request, n);
      return [
        ...events.slice(0, -1),
        { type: 'speech', data: sentence(0, 'Spoken.') },
        { type: 'speech', data: sentence(1, 'Twice.') },
        // A repeat is dropped.
        { type: 'speech', data: sentence(1, 'Twice.') },
        ...events.slice(-1),
      ];
    });
    const { result } = setup({
      api: { stream },
      voice: { enabled: true, voice: 'en-1', speed: 1.2, pitch: 0.9 },
    });
    await act(async () => {
      await result.current.send('Say it');
    });
    expect(requests[0]).toMatchObject({
      ReturnAudio: true,
      Voice: 'en-1',
      Speed: 1.2,
      Pitch: 0.9,
      AudioFormat: 'mp3',
    });
    expect(result.current.audio).toEqual({ a1: [sentence(0, 'Spoken.'), sentence(1, 'Twice.')] });
  });
});
