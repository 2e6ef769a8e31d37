import { chatModelsResponse, type ChatModelsResponse } from '@studio/contracts';
import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { planOf } from '../src/domains/billing/entitlements.ts';
import { canUse } from '../src/domains/providers/catalogue/plans.ts';
import type { User } from '../src/domains/users/user.ts';
import { CookieJar, signInWithCode, uniqueEmail } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';
import { problemsOf } from './support/config-problems.ts';

const production = {
  NODE_ENV: 'production',
  CSRF_SECRET: 'k7Q2v9LmX4pR8tW1zB6nC3yD5fG0hJ2s',
  AUTH_SECRET: 'P3x8Rk2Lq9Zw5Tn1Vb7Hc4Jd6Mf0Gs2Y',
  PUBLIC_URL: 'https://studio.example',
};

const models = (list: unknown) => ({ CHAT_MODELS: JSON.stringify(list) });

describe('CHAT_MODELS and the provider settings', () => {
  it('defaults to the sandbox model alone outside production', () => {
    const config = loadConfig({});
    expect(config.models.models).toEqual([
      {
        id: 'sandbox',
        name: 'Sandbox model',
        provider: 'sandbox',
        model: 'sandbox',
        capabilities: ['text', 'vision'],
        plan: 'free',
        baseURL: null,
      },
    ]);
    expect(config.models.usesSandbox).toBe(true);
    expect(config.warnings.join('\n')).toMatch(/CHAT_MODELS is not set: chat uses the sandbox/);
  });

  it('has no model in production unless the sandbox is allowed there, and says so', () => {
    const bare = loadConfig(production);
    expect(bare.models.models).toEqual([]);
    expect(bare.models.usesSandbox).toBe(false);
    expect(bare.warnings.join('\n')).toMatch(/no chat model is configured/);

    const rig = loadConfig({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: 'true' });
    expect(rig.models.models.map((model) => model.id)).toEqual(['sandbox']);
    expect(rig.warnings.join('\n')).toMatch(/Never do this on a public server/);

    expect(
      problemsOf({
        ...production,
        ...models([{ id: 's', name: 'S', provider: 'sandbox', model: 'sandbox' }]),
      }),
    ).toEqual([expect.stringMatching(/^CHAT_MODELS\[0\]: the sandbox provider is refused/)]);
  });

  it('reads a list with defaults for capabilities and plan, and the providers from the environment', () => {
    const config = loadConfig({
      ...models([
        { id: 'gpt', name: 'GPT', provider: 'openai', model: 'gpt-4o-mini' },
        {
          id: 'claude',
          name: 'Claude',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          capabilities: ['text', 'vision', 'vision'],
          plan: 'pro',
        },
        { id: 'local', name: 'Local', provider: 'ollama', model: 'llama3.2' },
        {
          id: 'groq',
          name: 'Groq',
          provider: 'openai-compatible',
          model: 'llama-3.3-70b',
          baseURL: 'https://api.groq.com/openai/v1',
        },
      ]),
      OPENAI_API_KEY: 'sk-test',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      OLLAMA_BASE_URL: 'http://127.0.0.1:11434/api',
    });
    expect(config.models.models).toEqual([
      expect.objectContaining({ id: 'gpt', capabilities: ['text'], plan: 'free', baseURL: null }),
      expect.objectContaining({ id: 'claude', capabilities: ['text', 'vision'], plan: 'pro' }),
      expect.objectContaining({ id: 'local', provider: 'ollama' }),
      expect.objectContaining({ id: 'groq', baseURL: 'https://api.groq.com/openai/v1' }),
    ]);
    expect(config.models.usesSandbox).toBe(false);
    expect(config.models.providers).toMatchObject({
      openai: { apiKey: 'sk-test', baseURL: null },
      anthropic: { apiKey: 'sk-ant-test' },
      ollama: { baseURL: 'http://127.0.0.1:11434/api' },
      openaiCompatible: { name: 'openai-compatible', apiKey: null, baseURL: null },
    });
  });

  it('refuses bad JSON and anything but an array of models', () => {
    expect(problemsOf({ CHAT_MODELS: '[{"id": "x",' })).toEqual([
      'CHAT_MODELS: is not valid JSON; it must be a JSON array of models',
    ]);
    expect(problemsOf({ CHAT_MODELS: '{"id": "x"}' })).toEqual([
      'CHAT_MODELS: must be a JSON array of models',
    ]);
    expect(problemsOf({ CHAT_MODELS: '[]' })).toEqual([
      'CHAT_MODELS: must list at least one model',
    ]);
  });

  it('names an unknown provider, a missing field and an unknown field', () => {
    const problems = problemsOf(
      models([
        { id: 'a', name: 'A', provider: 'skynet', model: 'x' },
        { id: 'b', provider: 'openai', model: 'x' },
        { id: 'c', name: 'C', provider: 'ollama', model: 'x', temperature: 2 },
        { id: 'd', name: 'D', provider: 'ollama', model: 'x', plan: 'platinum' },
      ]),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^CHAT_MODELS\[0\]\.provider: unknown provider; use one of openai, /),
      expect.stringMatching(/^CHAT_MODELS\[1\]\.name: /),
      expect.stringMatching(/^CHAT_MODELS\[2\]: .*temperature/),
      expect.stringMatching(/^CHAT_MODELS\[3\]\.plan: /),
    ]);
  });

  it('refuses a model whose provider has no key (or no address)', () => {
    const problems = problemsOf(
      models([
        { id: 'a', name: 'A', provider: 'openai', model: 'gpt-4o' },
        { id: 'b', name: 'B', provider: 'anthropic', model: 'claude' },
        { id: 'c', name: 'C', provider: 'google', model: 'gemini-2.0-flash' },
        { id: 'd', name: 'D', provider: 'openai-compatible', model: 'llama' },
        { id: 'e', name: 'E', provider: 'ollama', model: 'llama3.2' },
      ]),
    );
    expect(problems).toEqual([
      'CHAT_MODELS[0]: provider openai needs OPENAI_API_KEY to be set',
      'CHAT_MODELS[1]: provider anthropic needs ANTHROPIC_API_KEY to be set',
      'CHAT_MODELS[2]: provider google needs GOOGLE_GENERATIVE_AI_API_KEY to be set',
      'CHAT_MODELS[3]: provider openai-compatible needs OPENAI_COMPATIBLE_BASE_URL to be set',
    ]);
  });

  it('never takes a key from CHAT_MODELS, and never echoes it', () => {
    const problems = problemsOf(
      models([{ id: 'a', name: 'A', provider: 'openai', model: 'gpt', apiKey: 'sk-secret-123' }]),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^CHAT_MODELS\[0\]: a model may not carry apiKey; keys come only/),
    ]);
    expect(problems.join('\n')).not.toContain('sk-secret-123');
  });

  it('refuses duplicate ids and bad base URLs', () => {
    expect(
      problemsOf({
        ...models([
          { id: 'x', name: 'X', provider: 'ollama', model: 'a' },
          { id: 'x', name: 'Y', provider: 'ollama', model: 'b', baseURL: 'ftp://nope' },
        ]),
        OPENAI_BASE_URL: 'not a url',
      }),
    ).toEqual(['OPENAI_BASE_URL: must be an http(s) URL']);
    expect(
      problemsOf(
        models([
          { id: 'x', name: 'X', provider: 'ollama', model: 'a' },
          { id: 'x', name: 'Y', provider: 'ollama', model: 'b', baseURL: 'ftp://nope' },
        ]),
      ),
    ).toEqual(['CHAT_MODELS[1].baseURL: must be an http(s) URL']);
    expect(
      problemsOf(
        models([
          { id: 'x', name: 'X', provider: 'ollama', model: 'a' },
          { id: 'x', name: 'Y', provider: 'ollama', model: 'b' },
        ]),
      ),
    ).toEqual(["CHAT_MODELS[1].id: 'x' is listed twice"]);
  });
});

describe('entitlements', () => {
  it('orders the plans free < pro < godmode', () => {
    expect(canUse('free', 'free')).toBe(true);
    expect(canUse('free', 'pro')).toBe(false);
    expect(canUse('pro', 'pro')).toBe(true);
    expect(canUse('pro', 'godmode')).toBe(false);
    expect(canUse('godmode', 'pro')).toBe(true);
  });

  it('puts visitors and free accounts on free, pro accounts on pro', () => {
    expect(planOf(null)).toBe('free');
    expect(planOf({ subscriptionTier: 'free' } as User)).toBe('free');
    expect(planOf({ subscriptionTier: 'pro' } as User)).toBe('pro');
  });
});

const listed = [
  {
    id: 'local-small',
    name: 'Local small',
    provider: 'openai-compatible',
    model: 'small',
    capabilities: ['text'],
  },
  { id: 'speaker', name: 'Speaker', provider: 'ollama', model: 'tts', capabilities: ['audio'] },
  {
    id: 'local-large',
    name: 'Local large',
    provider: 'ollama',
    model: 'large',
    capabilities: ['text', 'vision'],
    plan: 'pro',
  },
  { id: 'local-god', name: 'Local god', provider: 'ollama', model: 'god', plan: 'godmode' },
];

describe.each(databaseKinds)('GET /api/chat/models (%s)', (kind) => {
  describe('with configured models', () => {
    const t = useTestApp(kind, {
      ...models(listed),
      // Never contacted: listing models makes no provider call.
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_COMPATIBLE_API_KEY: 'sk-never-shown',
    });

    async function list(url: string, token?: string): Promise<ChatModelsResponse> {
      const response = await t.app.inject({
        method: 'GET',
        url,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain('sk-never-shown');
      expect(response.body).not.toContain('127.0.0.1');
      return chatModelsResponse.parse(response.json());
    }

    it('shows a visitor every model, those above the free plan locked', async () => {
      const body = await list('/api/chat/models');
      expect(body.sandbox).toBe(false);
      expect(body.defaultModelId).toBe('local-small');
      expect(body.models.map(({ id, available }) => [id, available])).toEqual([
        ['local-small', true],
        ['speaker', true],
        ['local-large', false],
        ['local-god', false],
      ]);
      expect(body.models[2]).toEqual({
        id: 'local-large',
        name: 'Local large',
        provider: 'ollama',
        capabilities: ['text', 'vision'],
        plan: 'pro',
        available: false,
      });
    });

    it('lists only text models for the chat picker', async () => {
      const body = await list('/api/chat/models/chat');
      expect(body.models.map((model) => model.id)).toEqual([
        'local-small',
        'local-large',
        'local-god',
      ]);
    });

    it("gives a signed-in user their plan's view", async () => {
      const email = uniqueEmail('models');
      const { session } = await signInWithCode(t.app, email, { jar: new CookieJar() });
      const free = await list('/api/chat/models', session.accessToken);
      expect(free.models.filter((model) => model.available).map((model) => model.id)).toEqual([
        'local-small',
        'speaker',
      ]);

      await t.app.db
        .updateTable('users')
        .set({ subscription_tier: 'pro' })
        .where('email', '=', email)
        .execute();
      const pro = await list('/api/chat/models/chat', session.accessToken);
      expect(pro.models.map(({ id, available }) => [id, available])).toEqual([
        ['local-small', true],
        ['local-large', true],
        ['local-god', false],
      ]);
      expect(pro.defaultModelId).toBe('local-small');
    });

    it('refuses an invalid bearer token with 401 (a visitor sends none)', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/chat/models',
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(response.statusCode).toBe(401);
    });

    it('does not mount the sandbox model server', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/sandbox/models/v1/models' });
      expect(response.statusCode).toBe(404);
    });
  });
});

describe('the embedded sandbox default', () => {
  const t = useTestApp('sqlite');

  it('lists the sandbox model as the default and says the sandbox is all there is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chat/models/chat' });
    expect(response.statusCode).toBe(200);
    expect(chatModelsResponse.parse(response.json())).toEqual({
      models: [
        {
          id: 'sandbox',
          name: 'Sandbox model',
          provider: 'sandbox',
          capabilities: ['text', 'vision'],
          plan: 'free',
          available: true,
        },
      ],
      defaultModelId: 'sandbox',
      sandbox: true,
      pullCommand: 'npm run models:pull',
    });
  });

  it('streams from the registry in-process, with no socket', async () => {
    const result = streamText({
      model: t.app.models.languageModel('sandbox'),
      messages: [{ role: 'user', content: 'Hello from the registry' }],
    });
    const text = await result.text;
    expect(text).toContain('You wrote: “Hello from the registry”.');
    expect(await result.finishReason).toBe('stop');
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
  });

  it('throws for an unknown model id', () => {
    expect(() => t.app.models.languageModel('nope')).toThrow(/unknown model id/);
    expect(t.app.models.get('nope')).toBeUndefined();
  });

  it('serves the model server at /sandbox/models/v1, outside CSRF (it holds nothing to protect)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/sandbox/models/v1/chat/completions',
      headers: { 'content-type': 'application/json', cookie: 'something=1' },
      payload: JSON.stringify({
        model: 'sandbox',
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.body.trimEnd().endsWith('data: [DONE]')).toBe(true);

    const models = await t.app.inject({ method: 'GET', url: '/sandbox/models/v1/models' });
    expect(models.json()).toMatchObject({ data: [{ id: 'sandbox' }] });
  });
});

describe('production without CHAT_MODELS', () => {
  const t = useTestApp('sqlite', { NODE_ENV: 'production', PUBLIC_URL: 'https://studio.example' });

  it('offers no model and mounts no sandbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chat/models' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      models: [],
      defaultModelId: null,
      sandbox: false,
      pullCommand: null,
    });
    const sandbox = await t.app.inject({ method: 'GET', url: '/sandbox/models/v1/models' });
    expect(sandbox.statusCode).toBe(404);
  });
});
