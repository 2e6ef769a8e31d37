import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { server } from '../../../test/server';
import { createConversation } from './createConversation';
import { chatCallFallbacks, chatFailureText, type ChatCall } from './fallbacks';
import { getAllModels } from './getAllModels';
import { getChatModels } from './getChatModels';
import { getHistory } from './getHistory';
import { sendMessage } from './sendMessage';

/** Each call, the route it asks, and §8's exact fallback for it. */
const calls: {
  call: ChatCall;
  method: 'get' | 'post';
  path: string;
  run: () => Promise<unknown>;
  text: string;
}[] = [
  {
    call: 'send',
    method: 'post',
    path: '*/api/chat/send',
    run: () => sendMessage({ Message: 'Hello', ModelId: 'm' }),
    text: 'Failed to send message',
  },
  {
    call: 'chatModels',
    method: 'get',
    path: '*/api/chat/models/chat',
    run: () => getChatModels(),
    text: 'Failed to load chat models',
  },
  {
    call: 'models',
    method: 'get',
    path: '*/api/chat/models',
    run: () => getAllModels(),
    text: 'Failed to load models',
  },
  {
    call: 'history',
    method: 'get',
    path: '*/api/chat/history/:id',
    run: () => getHistory('c1'),
    text: 'Failed to load conversation history',
  },
  {
    call: 'createConversation',
    method: 'post',
    path: '*/api/chat/conversation',
    run: () => createConversation(),
    text: 'Failed to create conversation',
  },
];

/** The call's failure when the server says nothing (a bare 500). */
async function silentFailure({ method, path, run }: (typeof calls)[number]): Promise<unknown> {
  server.use(http[method](path, () => new HttpResponse(null, { status: 500 })));
  return run().then(
    () => {
      throw new Error(`${path} did not fail`);
    },
    (error: unknown) => error,
  );
}

describe('§8 chat fallbacks: each call its own', () => {
  it.each(calls)('$call says "$text" when the server says nothing', async (entry) => {
    const failure = await silentFailure(entry);
    expect(chatFailureText(failure, entry.call, createTestI18n('en').t)).toBe(entry.text);
  });

  it.each(calls)('$call has its own Vietnamese text', async (entry) => {
    const failure = await silentFailure(entry);
    const text = chatFailureText(failure, entry.call, createTestI18n('vi').t);
    expect(text).not.toBe(entry.text);
    expect(text).not.toMatch(/^(chat|conversations):/);
  });

  it('has five distinct texts in both languages', () => {
    for (const language of ['en', 'vi'] as const) {
      const { t } = createTestI18n(language);
      const texts = Object.values(chatCallFallbacks).map((key) => t(key));
      expect(new Set(texts).size).toBe(5);
    }
    expect(Object.keys(chatCallFallbacks).sort()).toEqual(calls.map(({ call }) => call).sort());
  });

  it("passes on the server's own words instead", async () => {
    server.use(
      http.get('*/api/chat/models', () =>
        HttpResponse.json({ error: 'The model registry is being reloaded.' }, { status: 503 }),
      ),
    );
    const failure = await getAllModels().catch((error: unknown) => error);
    expect(chatFailureText(failure, 'models', createTestI18n('en').t)).toBe(
      'The model registry is being reloaded.',
    );
  });
});
