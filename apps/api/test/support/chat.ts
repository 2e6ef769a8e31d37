import type { ChatModel, ChatStreamEvent, ModelCapability, ModelPlan } from '@studio/contracts';
import { chatStreamEvents } from '@studio/contracts';
import { MockLanguageModelV3 } from 'ai/test';
import type { ModelRegistry, RegisteredModel } from '../../src/domains/models/model-registry.ts';
import {
  type SpeechRequest,
  SpeechError,
} from '../../src/domains/providers/speech/speech-engine.ts';
import type { SpeechService } from '../../src/domains/speech/speech-service.ts';
import type { OwnedImage, UploadService } from '../../src/domains/uploads/upload-service.ts';
import type { App, BuildOptions } from '../../src/app.ts';
import { type CookieJar, relaxedAuthLimits, signInWithCode, uniqueEmail } from './auth.ts';
import type { DatabaseKind } from './databases.ts';
import { useTestApp } from './test-app.ts';

type CallOptions = Parameters<MockLanguageModelV3['doStream']>[0];
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P>
    ? P
    : never;

/** What the fake model does on its next streamed call. */
export type Script = (
  | { kind: 'reply'; chunks: string[] }
  /** Sends these chunks, then waits for the abort (a stop, a timeout). */
  | { kind: 'hang'; chunks: string[] }
  /** Sends these chunks, then fails like an upstream 500. */
  | { kind: 'fail'; chunks: string[] }
) & {
  /**
   * Milliseconds between two chunks (5 by default). Longer than a reply's frame (delta-frames.ts)
   * keeps each chunk its own delta event; shorter ones are grouped, as a fast model's are.
   */
  gapMs?: number;
};

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function textOf(options: CallOptions, role: 'system' | 'user'): string {
  const message = options.prompt.filter((m) => m.role === role).at(-1);
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * A scripted model: streamed calls follow the queued scripts (by default it echoes the last user
 * message in three chunks); generate calls (titles, rewrites) answer "Title: <first words>" to a
 * system prompt that mentions a title and "[<system prompt's first word>] <text>" otherwise.
 * Every call's options (prompt, abort signal) are kept for the test to look at.
 */
export class ScriptedModel {
  readonly scripts: Script[] = [];
  readonly generateFailures: unknown[] = [];
  readonly model: MockLanguageModelV3;

  constructor(id: string) {
    this.model = new MockLanguageModelV3({
      modelId: id,
      doStream: async (options) => ({ stream: this.stream(options) }),
      doGenerate: async (options) => {
        const failure = this.generateFailures.shift();
        if (failure !== undefined) throw failure;
        const system = textOf(options, 'system');
        const user = textOf(options, 'user');
        const text = /title/i.test(system)
          ? `Title: ${user
              .replace(/^User: /, '')
              .replace(/\n[\s\S]*$/, '')
              .split(/\s+/)
              .slice(0, 3)
              .join(' ')}`
          : `[${system.split(' ', 1)[0] ?? ''}] ${user}`;
        return {
          content: [{ type: 'text', text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      },
    });
  }

  get streamCalls(): CallOptions[] {
    return this.model.doStreamCalls;
  }

  get lastStreamCall(): CallOptions {
    const call = this.model.doStreamCalls.at(-1);
    if (!call) throw new Error('the model was never streamed from');
    return call;
  }

  next(script: Script): this {
    this.scripts.push(script);
    return this;
  }

  private stream(options: CallOptions): ReadableStream<StreamPart> {
    const echo = `Echo: ${textOf(options, 'user')}`;
    const script = this.scripts.shift() ?? {
      kind: 'reply',
      chunks: [echo.slice(0, 4), echo.slice(4, 8), echo.slice(8)].filter(Boolean),
    };
    const signal = options.abortSignal;
    return new ReadableStream<StreamPart>({
      async start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 't' });
        for (const chunk of script.chunks) {
          controller.enqueue({ type: 'text-delta', id: 't', delta: chunk });
          // Let each piece travel on its own, as a real upstream's would.
          await new Promise((resolve) => setTimeout(resolve, script.gapMs ?? 5));
        }
        if (script.kind === 'hang') {
          await new Promise<void>((resolve) => {
            if (signal?.aborted) resolve();
            signal?.addEventListener('abort', () => resolve(), { once: true });
          });
          controller.error(signal?.reason ?? new Error('aborted'));
          return;
        }
        if (script.kind === 'fail') {
          controller.enqueue({ type: 'error', error: new Error('upstream 500 at fake.test') });
          controller.close();
          return;
        }
        controller.enqueue({ type: 'text-end', id: 't' });
        controller.enqueue({
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
        });
        controller.close();
      },
    });
  }
}

export interface TestModelSpec {
  id: string;
  name?: string;
  plan?: ModelPlan;
  capabilities?: ModelCapability[];
}

const planRank: Record<ModelPlan, number> = { free: 0, pro: 1, godmode: 2 };

/** A registry of scripted models, shaped like the real one (plugins/app/models.ts). */
export function testRegistry(specs: TestModelSpec[]) {
  const registered: RegisteredModel[] = specs.map((spec) => ({
    id: spec.id,
    name: spec.name ?? spec.id,
    provider: 'sandbox',
    capabilities: spec.capabilities ?? ['text'],
    plan: spec.plan ?? 'free',
  }));
  const models = new Map(specs.map((spec) => [spec.id, new ScriptedModel(spec.id)]));
  const forPlan = (plan: ModelPlan): ChatModel[] =>
    registered.map((model) => ({
      ...model,
      capabilities: [...model.capabilities],
      available: planRank[model.plan] <= planRank[plan],
    }));
  const registry: ModelRegistry = {
    all: () => registered,
    get: (id) => registered.find((model) => model.id === id),
    forPlan,
    defaultModelId: (plan) => forPlan(plan).find((model) => model.available)?.id ?? null,
    languageModel: (id) => {
      const model = models.get(id);
      if (!model) throw new Error(`unknown model ${id}`);
      return model.model;
    },
    sandboxOnly: false,
  };
  return {
    registry,
    model(id: string): ScriptedModel {
      const model = models.get(id);
      if (!model) throw new Error(`unknown model ${id}`);
      return model;
    },
  };
}

/** A speech engine that "speaks" by describing the request, or fails when told to. */
export function testSpeech() {
  const requests: SpeechRequest[] = [];
  let failNext = false;
  const service: SpeechService = {
    model: 'test-speech',
    voices: () => [
      {
        id: 'en-test',
        name: 'Test',
        language: 'en',
        engine: 'test',
        provider: 'sandbox',
        quality: 'offline-robotic',
        plan: 'free',
        capabilities: ['speed', 'pitch'],
        sandbox: true,
      },
    ],
    defaultVoices: () => ({ en: 'en-test' }),
    async synthesize(request) {
      requests.push(request);
      if (failNext) {
        failNext = false;
        throw new SpeechError('The speech engine is unavailable.');
      }
      return {
        audio: Buffer.from(`audio:${request.text}`),
        mimeType: request.format === 'wav' ? 'audio/wav' : 'audio/mpeg',
        format: request.format,
        voice: request.voice ?? 'en-test',
      };
    },
  };
  return {
    service,
    requests,
    failNext() {
      failNext = true;
    },
  };
}

/** Uploads keyed by owner: `add(userId, url)` makes an image the user owns. */
export function testUploads() {
  const owned = new Map<string, OwnedImage>();
  const service: UploadService = {
    async resolveOwned(userId, imageUrl) {
      return owned.get(`${userId} ${imageUrl}`) ?? null;
    },
  };
  return {
    service,
    add(userId: string, imageUrl: string): void {
      owned.set(`${userId} ${imageUrl}`, {
        id: imageUrl,
        mimeType: 'image/png',
        data: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      });
    },
  };
}

/** The events of a server-sent event body, each checked against the contract. */
export function parseEvents(body: string): ChatStreamEvent[] {
  return (
    body
      .split('\n\n')
      // Comment frames (": keep-alive") carry nothing, as in the SSE spec.
      .filter((frame) => frame.trim().length > 0 && !frame.startsWith(':'))
      .map((frame) => {
        const type = /^event: (\w+)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (!type || data === undefined || !(type in chatStreamEvents)) {
          throw new Error(`not an event frame: ${frame}`);
        }
        const key = type as keyof typeof chatStreamEvents;
        return {
          type: key,
          data: chatStreamEvents[key].parse(JSON.parse(data)),
        } as ChatStreamEvent;
      })
  );
}

/** The models every chat suite registers. */
export const chatModels: TestModelSpec[] = [
  { id: 'text-model', name: 'Text model' },
  { id: 'vision-model', name: 'Vision model', capabilities: ['text', 'vision'] },
  { id: 'pro-model', name: 'Pro model', plan: 'pro' },
];

/** A test app whose chat uses scripted models, a fake speech engine and fake uploads. */
export function useChatTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'logStream' | 'chat'> = {},
) {
  const models = testRegistry(chatModels);
  const speech = testSpeech();
  const uploads = testUploads();
  const t = useTestApp(
    kind,
    { ...relaxedAuthLimits, RATE_LIMIT_API_MAX: '100000', ...env },
    {
      ...options,
      chat: { models: models.registry, speech: speech.service, uploads: uploads.service },
    },
  );
  return { t, models, speech, uploads };
}

export interface ChatUser {
  id: string;
  bearer: string;
  jar: CookieJar;
}

/** A signed-in user, calling the way the SPA does (bearer, cookies and the XSRF header). */
export async function chatUser(app: App, label = 'chatter'): Promise<ChatUser> {
  const { session, jar } = await signInWithCode(app, uniqueEmail(label));
  return { id: session.user.id, bearer: session.accessToken, jar };
}

export function as(user: ChatUser | null, remoteAddress?: string) {
  return user
    ? { bearer: user.bearer, jar: user.jar, ...(remoteAddress ? { remoteAddress } : {}) }
    : remoteAddress
      ? { remoteAddress }
      : {};
}

/** POST /api/chat/send with the model and defaults filled in. */
export function sendBody(body: Record<string, unknown> = {}) {
  return { Message: 'Hello there', ModelId: 'text-model', ...body };
}
