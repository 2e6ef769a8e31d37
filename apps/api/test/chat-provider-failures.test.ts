import { providerErrorResponse } from '@studio/contracts';
import { APICallError } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatProviderError } from '../src/domains/models/reply-errors.ts';
import { call, relaxedAuthLimits } from './support/auth.ts';
import { as, chatUser, type ChatUser, parseEvents, useChatTestApp } from './support/chat.ts';
import { databaseKinds } from './support/databases.ts';
import { type FailingProvider, startFailingProvider } from './support/failing-provider.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * §9 of issue 13, through the real provider stack: the app's model registry (CHAT_MODELS, the
 * OpenAI provider of the AI SDK) against a loopback provider that answers 500, 429, 401, cuts
 * the stream, sends malformed data or goes silent.
 */

/** The operator's key; the stand-in echoes it into an error body, as one upstream did. */
const apiKey = 'sk-proj-Zq81TestOperatorKey0123456789abcdef';
/** Words the user typed: they must never reach the log. */
const promptCanary = 'my-private-plan-canary-5d1e';

const send = (message = 'Hello there') => ({ Message: message, ModelId: 'stand-in' });

describe.each(databaseKinds)('when the model provider fails, on %s', (kind) => {
  let provider: FailingProvider;
  // Filled in before the app is built (useTestApp reads it in its own beforeAll, which runs after).
  const env: Record<string, string> = {};
  beforeAll(async () => {
    provider = await startFailingProvider();
    Object.assign(env, {
      ...relaxedAuthLimits,
      RATE_LIMIT_API_MAX: '100000',
      CHAT_MODELS: JSON.stringify([
        { id: 'stand-in', name: 'Stand-in', provider: 'openai', model: 'gpt-stand-in' },
      ]),
      OPENAI_BASE_URL: provider.baseURL,
      OPENAI_API_KEY: apiKey,
      CHAT_DAILY_LIMIT_FREE: '3',
      CHAT_IDLE_TIMEOUT_SECONDS: '1',
      CHAT_TIMEOUT_SECONDS: '4',
      LOG_LEVEL: 'info',
    });
  });
  afterAll(() => provider.close());
  const t = useTestApp(kind, env);

  async function stream(user: ChatUser, message = 'Hello there') {
    const response = await call(t.app, 'POST', '/api/chat/stream', send(message), as(user));
    expect(response.statusCode, response.body).toBe(200);
    return parseEvents(response.body);
  }

  function lastError(events: ReturnType<typeof parseEvents>) {
    const last = events.at(-1);
    if (last?.type !== 'error') throw new Error(`no error event: ${JSON.stringify(events)}`);
    return last.data;
  }

  const usage = async (user: ChatUser) =>
    (
      await t.app.db
        .selectFrom('chat_usage')
        .select('messages')
        .where('subject', '=', `user:${user.id}`)
        .executeTakeFirst()
    )?.messages ?? 0;

  describe('quota', () => {
    it('counts nothing for replies that fail before any text (6 sends, 5 failures: 1 counted)', async () => {
      const user = await chatUser(t.app);
      provider.next(
        { kind: 'status', status: 500 },
        { kind: 'status', status: 429 },
        { kind: 'status', status: 401 },
        { kind: 'malformed', pieces: [] },
        { kind: 'cut', pieces: [] },
      );
      for (let n = 0; n < 4; n += 1) {
        const error = lastError(await stream(user));
        expect(error.partial).toBeNull();
      }
      const failedSend = await call(t.app, 'POST', '/api/chat/send', send(), as(user));
      expect(failedSend.statusCode).toBe(502);
      expect(await usage(user)).toBe(0);

      const ok = await stream(user);
      expect(ok.at(-1)?.type).toBe('done');
      expect(await usage(user)).toBe(1);
    });

    it('counts a reply that fails part-way: its text is kept, marked, and was spent', async () => {
      const user = await chatUser(t.app);
      provider.next({ kind: 'cut', pieces: ['Half ', 'an answer'] });
      const events = await stream(user);
      const error = lastError(events);
      expect(error.code).toBe('provider');
      expect(error.partial).toMatchObject({ content: 'Half an answer', status: 'error' });
      expect(await usage(user)).toBe(1);
    });

    it('still refuses more replies in flight than the quota has left, and gives back those that fail', async () => {
      const user = await chatUser(t.app);
      // Three replies that go silent hold all three of today's messages while they wait...
      provider.next(
        { kind: 'hang', pieces: [] },
        { kind: 'hang', pieces: [] },
        { kind: 'hang', pieces: [] },
      );
      const waiting = [0, 1, 2].map(() =>
        call(t.app, 'POST', '/api/chat/stream', send(), as(user)),
      );
      await expect.poll(() => provider.open(), { timeout: 5_000 }).toBe(3);
      // ...so a fourth is refused while they do.
      const fourth = await call(t.app, 'POST', '/api/chat/stream', send(), as(user));
      expect(fourth.statusCode).toBe(429);

      // The idle clock gives up on them; having written nothing, they cost nothing.
      for (const response of await Promise.all(waiting)) {
        expect(lastError(parseEvents(response.body)).code).toBe('timeout');
      }
      expect(await usage(user)).toBe(0);
      expect((await stream(user)).at(-1)?.type).toBe('done');
    });
  });

  describe('timeouts', () => {
    it('lets a long answer stream past the idle timeout as long as pieces keep coming', async () => {
      const user = await chatUser(t.app);
      const pieces = Array.from({ length: 10 }, (_, n) => `w${n} `);
      // 10 × 250 ms: two and a half times the 1 s idle timeout, within the 4 s total cap.
      provider.next({ kind: 'reply', pieces, delayMs: 250 });
      const events = await stream(user);
      const done = events.at(-1);
      if (done?.type !== 'done') throw new Error(`not done: ${JSON.stringify(events.at(-1))}`);
      expect(done.data.message.content).toBe(pieces.join(''));
    });

    it('gives up on a provider that goes silent after the idle timeout, keeping what came', async () => {
      const user = await chatUser(t.app);
      provider.next({ kind: 'hang', pieces: ['So far'] });
      const started = Date.now();
      const error = lastError(await stream(user));
      const elapsed = Date.now() - started;
      expect(error.code).toBe('timeout');
      expect(error.partial).toMatchObject({ content: 'So far', status: 'error' });
      // The idle timeout (1 s) ended it, well before the total cap (4 s).
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(3_500);
    });

    it('ends an answer that streams for longer than the total cap', async () => {
      const user = await chatUser(t.app);
      const pieces = Array.from({ length: 100 }, (_, n) => `w${n} `);
      provider.next({ kind: 'reply', pieces, delayMs: 100 });
      const started = Date.now();
      const error = lastError(await stream(user));
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_900);
      expect(error.code).toBe('timeout');
      expect(error.partial?.content).toMatch(/^w0 w1 w2 /);
      expect(error.partial?.content).not.toContain('w99');
    });
  });

  describe('retry hints', () => {
    it.each([
      ['Retry-After in seconds', { 'retry-after': '20' }, undefined, 20],
      ['retry-after-ms', { 'retry-after-ms': '1500' }, undefined, 2],
      [
        "the provider's own words",
        {},
        {
          error: {
            message: 'Rate limit reached for gpt-stand-in. Please try again in 7.66s.',
            type: 'requests',
            code: 'rate_limit_exceeded',
          },
        },
        8,
      ],
    ])('passes on a 429 with %s', async (_label, headers, body, seconds) => {
      const user = await chatUser(t.app);
      provider.next({ kind: 'status', status: 429, headers, body });
      const error = lastError(await stream(user));
      expect(error).toMatchObject({
        code: 'rate-limit',
        retryAfterSeconds: seconds,
        partial: null,
        message: `The model is receiving too many requests right now. Please try again in ${seconds} seconds.`,
      });
    });

    it('reads a Retry-After date, and says it on the JSON route as a header and a field', async () => {
      const user = await chatUser(t.app);
      const inAMinute = new Date(Date.now() + 60_000).toUTCString();
      provider.next({ kind: 'status', status: 429, headers: { 'retry-after': inAMinute } });
      const response = await call(t.app, 'POST', '/api/chat/send', send(), as(user));
      expect(response.statusCode).toBe(502);
      const body = providerErrorResponse.parse(response.json());
      expect(body.retryAfterSeconds).toBeGreaterThanOrEqual(58);
      expect(body.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(response.headers['retry-after']).toBe(String(body.retryAfterSeconds));
    });

    it('says "later" when the 429 gives no hint, and no hint for other failures', async () => {
      const user = await chatUser(t.app);
      provider.next({ kind: 'status', status: 429 }, { kind: 'status', status: 500 });
      const limited = lastError(await stream(user));
      expect(limited).toMatchObject({
        code: 'rate-limit',
        message: 'The model is receiving too many requests right now. Please try again later.',
      });
      expect(limited.retryAfterSeconds).toBeUndefined();
      const failed = lastError(await stream(user));
      expect(failed.code).toBe('provider');
      expect(failed.retryAfterSeconds).toBeUndefined();
    });
  });

  describe('the log', () => {
    it("keeps the failure's kind, status and model, never the prompt, the upstream body or the key", async () => {
      const user = await chatUser(t.app);
      const from = t.logs.length;
      provider.next(
        {
          kind: 'status',
          status: 401,
          body: {
            error: {
              message: `Incorrect API key provided: ${apiKey}. You asked: ${promptCanary}`,
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          },
        },
        {
          kind: 'status',
          status: 500,
          body: { error: { message: `upstream crashed; Authorization: Bearer ${apiKey}` } },
        },
      );
      const unauthorized = lastError(await stream(user, `Keep this to yourself: ${promptCanary}`));
      expect(unauthorized.message).toBe('The model could not answer right now. Please try again.');
      const failedSend = await call(t.app, 'POST', '/api/chat/send', send(promptCanary), as(user));
      expect(failedSend.statusCode).toBe(502);
      // The stand-in did receive the prompt and the key (so the test would see them leak).
      expect(JSON.stringify(provider.requests)).toContain(promptCanary);

      const lines = t.logs.slice(from);
      const failures = lines
        .map((line) => JSON.parse(line) as { event?: string; tool?: string })
        .filter((entry) => entry.event === 'provider_failed' && entry.tool === 'chat');
      expect(failures).toEqual([
        expect.objectContaining({ model: 'stand-in', kind: 'unauthorized', status: 401 }),
        expect.objectContaining({ model: 'stand-in', kind: 'http', status: 500 }),
      ]);
      const all = lines.join('\n');
      expect(all).not.toContain(promptCanary);
      expect(all).not.toContain(apiKey);
      expect(all).not.toContain('Zq81TestOperatorKey');
      expect(all).not.toContain('Incorrect API key provided');
    });

    it('redacts key- and token-shaped text in every line, whoever logs it', async () => {
      const from = t.logs.length;
      const failure = new Error(
        `upstream said: Bearer ${apiKey} via https://x.test/?key=AIzaSy0123456789abcdefghijklmnop`,
        {
          cause: { requestBodyValues: { messages: [promptCanary] } },
        },
      );
      t.app.log.error(
        { err: failure, note: `header authorization: Bearer abc.def.ghi-123456` },
        `failed with ${apiKey}`,
      );
      t.app.log.warn(
        { error: { requestBodyValues: { prompt: promptCanary }, responseBody: promptCanary } },
        'provider error under another key',
      );
      // The AI SDK's own error, as a route would log it: wrapped, with the prompt it was sent.
      const providerError = new APICallError({
        message: `Incorrect API key provided: ${apiKey}`,
        url: `${provider.baseURL}/chat/completions`,
        requestBodyValues: { messages: [{ role: 'user', content: promptCanary }] },
        statusCode: 401,
        responseHeaders: { 'x-echo': promptCanary },
        responseBody: JSON.stringify({ error: { message: promptCanary, code: 'invalid_api_key' } }),
        data: { error: { code: 'invalid_api_key' } },
      });
      t.app.log.warn(
        { err: new ChatProviderError('provider', { cause: providerError }) },
        'wrapped provider error',
      );
      t.app.log.warn({ err: providerError }, 'bare provider error');
      const all = t.logs.slice(from).join('\n');
      expect(all).toContain('failed with [redacted]');
      expect(all).toContain('Bearer [redacted]');
      expect(all).toContain('key=[redacted]');
      expect(all).not.toContain(apiKey);
      expect(all).not.toContain('AIzaSy');
      expect(all).not.toContain('abc.def.ghi-123456');
      expect(all).not.toContain(promptCanary);
      for (const line of t.logs.slice(from)) expect(() => JSON.parse(line)).not.toThrow();
      const wrapped = t.logs.slice(from).find((line) => line.includes('wrapped provider error'));
      expect(JSON.parse(wrapped ?? '{}')).toMatchObject({
        err: {
          type: 'ChatProviderError',
          cause: { type: 'AI_APICallError', status: 401, upstreamCode: 'invalid_api_key' },
        },
      });
    });
  });
});

describe.each(databaseKinds)('a failed rewrite on %s', (kind) => {
  const { t, models } = useChatTestApp(kind, { CHAT_DAILY_LIMIT_VISITOR: '1' });

  it('costs nothing: the one message of the day is still there', async () => {
    const visitor = as(null, '203.0.113.99');
    models.model('text-model').generateFailures.push(new Error('upstream 500 at fake.test'));
    const rewrite = { text: 'fix me', instruction: 'grammar' };
    const failed = await call(t.app, 'POST', '/api/chat/rewrite', rewrite, visitor);
    expect(failed.statusCode).toBe(502);
    expect((await call(t.app, 'POST', '/api/chat/rewrite', rewrite, visitor)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/chat/rewrite', rewrite, visitor)).statusCode).toBe(429);
  });
});
