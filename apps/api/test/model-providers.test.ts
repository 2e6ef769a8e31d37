import { APICallError, streamText, type TextStreamPart, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { ModelRegistry } from '../src/domains/models/model-registry.ts';
import { createModelRegistry } from '../src/domains/models/registry.ts';
import {
  type FakeUpstream,
  fakeInputTokens,
  startFakeUpstream,
  type UpstreamKind,
} from './support/fake-upstreams.ts';

/**
 * A contract test per provider: the registry's AI SDK model, configured the way an operator
 * would (CHAT_MODELS and the provider's variables), against a loopback server speaking that
 * provider's wire format.
 */

interface ProviderCase {
  provider: string;
  upstream: UpstreamKind;
  model: string;
  env: (baseURL: string) => Record<string, string>;
  /** How the key reaches the upstream (null: no key). */
  keyHeader: [name: string, value: string] | null;
}

const cases: ProviderCase[] = [
  {
    provider: 'openai',
    upstream: 'openai',
    model: 'gpt-4o-mini',
    env: (baseURL) => ({ OPENAI_API_KEY: 'sk-openai-test', OPENAI_BASE_URL: baseURL }),
    keyHeader: ['authorization', 'Bearer sk-openai-test'],
  },
  {
    provider: 'openai-compatible',
    upstream: 'openai',
    model: 'llama-3.3-70b',
    env: (baseURL) => ({
      OPENAI_COMPATIBLE_BASE_URL: baseURL,
      OPENAI_COMPATIBLE_API_KEY: 'gsk-compatible-test',
      OPENAI_COMPATIBLE_NAME: 'groq',
    }),
    keyHeader: ['authorization', 'Bearer gsk-compatible-test'],
  },
  {
    provider: 'anthropic',
    upstream: 'anthropic',
    model: 'claude-sonnet-4-5',
    env: (baseURL) => ({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: baseURL }),
    keyHeader: ['x-api-key', 'sk-ant-test'],
  },
  {
    provider: 'google',
    upstream: 'google',
    model: 'gemini-2.0-flash',
    env: (baseURL) => ({ GOOGLE_GENERATIVE_AI_API_KEY: 'g-test', GOOGLE_BASE_URL: baseURL }),
    keyHeader: ['x-goog-api-key', 'g-test'],
  },
  {
    provider: 'ollama',
    upstream: 'ollama',
    model: 'llama3.2',
    env: (baseURL) => ({ OLLAMA_BASE_URL: baseURL }),
    keyHeader: null,
  },
];

const pieces = ['Xin', ' chào', ',', ' world', '!', ' Đây', ' là', ' `code`.'];

describe.each(cases)('the $provider provider', (testCase) => {
  let upstream: FakeUpstream;
  let registry: ModelRegistry;

  beforeAll(async () => {
    upstream = await startFakeUpstream(testCase.upstream);
    const config = loadConfig({
      NODE_ENV: 'test',
      CHAT_MODELS: JSON.stringify([
        {
          id: 'under-test',
          name: 'Under test',
          provider: testCase.provider,
          model: testCase.model,
        },
      ]),
      ...testCase.env(upstream.baseURL),
    });
    registry = createModelRegistry(config.models);
  });
  afterAll(() => upstream.close());

  function stream(abortSignal?: AbortSignal) {
    return streamText({
      model: registry.languageModel('under-test'),
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Say hello' }],
      maxRetries: 0,
      ...(abortSignal ? { abortSignal } : {}),
    });
  }

  it('streams the text in order, with usage and the finish reason', async () => {
    upstream.behaviour = { kind: 'reply', pieces, delayMs: 2 };
    const result = stream();
    const received: string[] = [];
    for await (const text of result.textStream) received.push(text);
    expect(received).toEqual(pieces);
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(fakeInputTokens);
    expect(usage.outputTokens).toBe(pieces.length);

    const request = upstream.requests.at(-1);
    if (testCase.keyHeader) {
      const [name, value] = testCase.keyHeader;
      expect(request?.headers[name]).toBe(value);
    }
    const sent = JSON.stringify(request?.body);
    expect(sent).toContain('Say hello');
    expect(sent).toContain('Be brief.');
    // The model travels in the body, except for Google, which puts it in the path.
    expect(`${request?.url} ${sent}`).toContain(testCase.model);
  });

  it('passes an abort on to the upstream (it sees the connection close)', async () => {
    upstream.behaviour = { kind: 'endless' };
    const controller = new AbortController();
    const result = stream(controller.signal);
    const received: string[] = [];
    for await (const text of result.textStream) {
      received.push(text);
      if (received.length === 3) controller.abort();
    }
    expect(received.length).toBeGreaterThanOrEqual(3);
    await expect(upstream.hungUp()).resolves.toBeUndefined();
  });

  it.each([500, 429] as const)('turns an upstream %i into an error', async (status) => {
    upstream.behaviour = { kind: 'error', status };
    const errors: unknown[] = [];
    const result = streamText({
      model: registry.languageModel('under-test'),
      messages: [{ role: 'user', content: 'Say hello' }],
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    const parts: TextStreamPart<ToolSet>[] = [];
    for await (const part of result.fullStream) parts.push(part);
    expect(parts.some((part) => part.type === 'text-delta')).toBe(false);
    const error = parts.find((part) => part.type === 'error');
    expect(error).toBeDefined();
    const cause = error?.type === 'error' ? error.error : null;
    expect(APICallError.isInstance(cause)).toBe(true);
    if (APICallError.isInstance(cause)) {
      expect(cause.statusCode).toBe(status);
      expect(cause.isRetryable).toBe(true);
    }
    expect(errors).toHaveLength(1);
  });
});
