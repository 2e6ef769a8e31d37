import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, relaxedAuthLimits } from './support/auth.ts';
import { as, chatUser } from './support/chat.ts';
import { databaseKinds } from './support/databases.ts';
import { type FakeImageUpstream, startFakeImageUpstream } from './support/fake-image-upstreams.ts';
import { jobWhen, newVisitorKey, startGeneration } from './support/images.ts';
import { type LoopbackServer, listenOnLoopback } from './support/loopback-server.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * Every tool's provider failures go through one path (domains/providers/provider-failure.ts),
 * which logs the tool, the model, the failure's kind and status, and nothing else. Here each
 * upstream answers an error whose body quotes the prompt (or the text to speak) and a key, as
 * real ones do, and the captured pino lines must hold none of it.
 */

/** The operator's key, which the upstreams echo into their error bodies. */
const apiKey = 'sk-proj-Lk29LogCanaryOperatorKey0123456789';
/** Words the user typed. */
const promptCanary = 'violet-harbour-canary-73c1';
/** A piece of the upstreams' own wording, which must not reach the log either. */
const upstreamWords = 'the prompt contains';

interface LogLine {
  event?: string;
  tool?: string;
  model?: string | null;
  kind?: string;
  status?: number | null;
}

function failuresIn(lines: string[]): LogLine[] {
  return lines
    .map((line) => JSON.parse(line) as LogLine)
    .filter((entry) => entry.event === 'provider_failed');
}

function expectNothingLeaked(lines: string[]) {
  const all = lines.join('\n');
  expect(all).not.toContain(promptCanary);
  expect(all).not.toContain(apiKey);
  expect(all).not.toContain('LogCanaryOperatorKey');
  expect(all).not.toContain(upstreamWords);
}

describe.each(databaseKinds)('provider failures in the log, on %s', (kind) => {
  let images: FakeImageUpstream;
  let speech: LoopbackServer;
  /** What the speech upstream was asked to say. */
  const spoken: string[] = [];
  const env: Record<string, string> = {};
  beforeAll(async () => {
    images = await startFakeImageUpstream('openai');
    speech = await listenOnLoopback(async (req: IncomingMessage, res: ServerResponse) => {
      const parts: Buffer[] = [];
      for await (const part of req) parts.push(part as Buffer);
      const { input } = JSON.parse(Buffer.concat(parts).toString('utf8')) as { input: string };
      spoken.push(input);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `Cannot speak: ${upstreamWords} "${input}" (key ${apiKey})` },
        }),
      );
    });
    Object.assign(env, {
      ...relaxedAuthLimits,
      RATE_LIMIT_API_MAX: '100000',
      LOG_LEVEL: 'info',
      IMAGE_MODELS: JSON.stringify([
        { id: 'echoing', name: 'Echoing', provider: 'openai', model: 'gpt-image-1' },
      ]),
      OPENAI_BASE_URL: images.baseURL,
      OPENAI_API_KEY: apiKey,
      SPEECH_ENGINE: 'openai',
      SPEECH_BASE_URL: `${speech.origin}/v1`,
      SPEECH_API_KEY: apiKey,
      SPEECH_MODEL: 'tts-echo',
    });
  });
  afterAll(async () => {
    await images.close();
    await speech.close();
  });
  const t = useTestApp(kind, env);

  it("images: the kind, status and model of the failure, never the upstream's body, the prompt or the key", async () => {
    images.behaviour = {
      kind: 'error',
      status: 400,
      message: `Bad request: ${upstreamWords} "${promptCanary}"; your key ${apiKey}`,
    };
    const caller = { visitorKey: newVisitorKey() };
    const from = t.logs.length;
    const job = await startGeneration(t.app, caller, {
      modelId: 'echoing',
      prompt: `A lighthouse at dusk, ${promptCanary}`,
    });
    expect((await jobWhen(t.app, caller, job.id)).state).toBe('failed');
    // The upstream was sent the prompt, so a leak would show.
    expect(JSON.stringify(images.requests)).toContain(promptCanary);

    const lines = t.logs.slice(from);
    expect(failuresIn(lines)).toEqual([
      expect.objectContaining({ tool: 'images', model: 'echoing', kind: 'http', status: 400 }),
    ]);
    expectNothingLeaked(lines);
  });

  it('speech: the same, for a speech service that quotes the text it was asked to say', async () => {
    const user = await chatUser(t.app);
    const from = t.logs.length;
    // The JSON answer speaks the whole reply in one request, so the text the service quotes
    // back holds the canary (a stream speaks its first sentence, a greeting, on its own).
    const response = await call(
      t.app,
      'POST',
      '/api/chat/send',
      { Message: `Please say ${promptCanary}`, ModelId: 'sandbox', ReturnAudio: true },
      as(user),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ audio: null });
    expect(spoken.join('\n')).toContain(promptCanary);

    const lines = t.logs.slice(from);
    expect(failuresIn(lines)).toEqual([
      expect.objectContaining({ tool: 'speech', model: 'tts-echo', kind: 'http', status: 500 }),
    ]);
    expectNothingLeaked(lines);
  });
});
