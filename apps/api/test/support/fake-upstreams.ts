import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.ts';

/**
 * Small model servers on 127.0.0.1 that speak each provider's real streaming wire format, so
 * the AI SDK providers are tested end to end without any outside service:
 * - openai: `POST /v1/chat/completions`, SSE `data:` chunks ending with `data: [DONE]`
 * - anthropic: `POST /v1/messages`, named SSE events (message_start … message_stop)
 * - google: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`, SSE `data:` chunks
 * - ollama: `POST /api/chat`, NDJSON lines ending with `done: true`
 * Each records what it was sent and notices when a client hangs up part-way.
 */

export type UpstreamKind = 'openai' | 'anthropic' | 'google' | 'ollama';

export type Behaviour =
  /**
   * Streams these pieces in order, `delayMs` apart, then finishes normally; `firstDelayMs` is the
   * model's time to its first piece (instead of `delayMs` before it).
   */
  | { kind: 'reply'; pieces: string[]; delayMs?: number; firstDelayMs?: number }
  /** Streams one piece every 20 ms until the client goes away (or 10 s pass). */
  | { kind: 'endless' }
  /** Answers this status with the provider's error body. */
  | { kind: 'error'; status: 429 | 500 };

export interface RecordedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeUpstream {
  readonly kind: UpstreamKind;
  /** The base URL to give the provider (it appends its own paths). */
  readonly baseURL: string;
  /** What the next requests get. */
  behaviour: Behaviour;
  readonly requests: RecordedRequest[];
  /** Resolves when a client closes a response before it was complete. */
  hungUp(): Promise<void>;
  close(): Promise<void>;
}

/** The prompt tokens every fake reports (output tokens are the number of pieces). */
export const fakeInputTokens = 7;

interface WireFormat {
  basePath: string;
  matches(method: string, path: string): boolean;
  contentType: string;
  start(model: string): string[];
  piece(text: string, model: string): string;
  finish(model: string, outputTokens: number): string[];
  errorBody(status: 429 | 500): unknown;
}

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const event = (name: string, value: unknown) =>
  `event: ${name}\ndata: ${JSON.stringify(value)}\n\n`;

const formats: Record<UpstreamKind, WireFormat> = {
  openai: {
    basePath: '/v1',
    matches: (method, path) => method === 'POST' && path === '/v1/chat/completions',
    contentType: 'text/event-stream',
    start: (model) => [
      sse({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1,
        model,
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      }),
    ],
    piece: (text, model) =>
      sse({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1,
        model,
        choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
      }),
    finish: (model, outputTokens) => [
      sse({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1,
        model,
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      }),
      sse({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1,
        model,
        choices: [],
        usage: {
          prompt_tokens: fakeInputTokens,
          completion_tokens: outputTokens,
          total_tokens: fakeInputTokens + outputTokens,
        },
      }),
      'data: [DONE]\n\n',
    ],
    errorBody: (status) => ({
      error: {
        message: status === 429 ? 'Rate limit reached' : 'The server had an error',
        type: status === 429 ? 'rate_limit_error' : 'server_error',
        param: null,
        code: status === 429 ? 'rate_limit_exceeded' : null,
      },
    }),
  },
  anthropic: {
    basePath: '/v1',
    matches: (method, path) => method === 'POST' && path === '/v1/messages',
    contentType: 'text/event-stream',
    start: (model) => [
      event('message_start', {
        type: 'message_start',
        message: {
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: fakeInputTokens, output_tokens: 1 },
        },
      }),
      event('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'text', text: '' },
      }),
      event('ping', { type: 'ping' }),
    ],
    piece: (text) =>
      event('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text },
      }),
    finish: (_model, outputTokens) => [
      event('content_block_stop', { type: 'content_block_stop', index: 0 }),
      event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: outputTokens },
      }),
      event('message_stop', { type: 'message_stop' }),
    ],
    errorBody: (status) => ({
      type: 'error',
      error: {
        type: status === 429 ? 'rate_limit_error' : 'api_error',
        message:
          status === 429
            ? 'Number of requests has exceeded your rate limit'
            : 'Internal server error',
      },
    }),
  },
  google: {
    basePath: '/v1beta',
    matches: (method, path) =>
      method === 'POST' && /^\/v1beta\/models\/[^/]+:streamGenerateContent\?alt=sse$/.test(path),
    contentType: 'text/event-stream',
    start: () => [],
    piece: (text, model) =>
      sse({
        candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0 }],
        modelVersion: model,
      }),
    finish: (model, outputTokens) => [
      sse({
        candidates: [
          { content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 },
        ],
        usageMetadata: {
          promptTokenCount: fakeInputTokens,
          candidatesTokenCount: outputTokens,
          totalTokenCount: fakeInputTokens + outputTokens,
        },
        modelVersion: model,
      }),
    ],
    errorBody: (status) => ({
      error: {
        code: status,
        message: status === 429 ? 'Resource has been exhausted' : 'Internal error encountered.',
        status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL',
      },
    }),
  },
  ollama: {
    basePath: '/api',
    matches: (method, path) => method === 'POST' && path === '/api/chat',
    contentType: 'application/x-ndjson',
    start: () => [],
    piece: (text, model) =>
      `${JSON.stringify({
        model,
        created_at: '2026-01-01T00:00:00Z',
        message: { role: 'assistant', content: text },
        done: false,
      })}\n`,
    finish: (model, outputTokens) => [
      `${JSON.stringify({
        model,
        created_at: '2026-01-01T00:00:00Z',
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        total_duration: 1000,
        prompt_eval_count: fakeInputTokens,
        eval_count: outputTokens,
      })}\n`,
    ],
    errorBody: (status) => ({
      error: status === 429 ? 'too many requests' : 'model runner crashed',
    }),
  },
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function modelOf(body: unknown, url: string): string {
  const fromPath = /\/models\/([^/:]+):/.exec(url)?.[1];
  if (fromPath) return fromPath;
  const model =
    typeof body === 'object' && body !== null ? (body as { model?: unknown }).model : null;
  return typeof model === 'string' ? model : 'unknown';
}

/** Starts one fake upstream on an ephemeral loopback port. */
export async function startFakeUpstream(
  kind: UpstreamKind,
  behaviour: Behaviour = { kind: 'reply', pieces: ['Hello', ' world'] },
): Promise<FakeUpstream> {
  const format = formats[kind];
  const requests: RecordedRequest[] = [];
  let hangUps = 0;
  const waiters: (() => void)[] = [];
  const state = { behaviour };

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/';
    const body = await readJson(req);
    requests.push({ method: req.method ?? 'GET', url, headers: req.headers, body });
    if (!format.matches(req.method ?? 'GET', url)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `no route for ${req.method} ${url}` }));
      return;
    }
    const current = state.behaviour;
    if (current.kind === 'error') {
      res.writeHead(current.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(format.errorBody(current.status)));
      return;
    }
    const model = modelOf(body, url);
    let finished = false;
    res.once('close', () => {
      if (finished) return;
      hangUps += 1;
      waiters.splice(0).forEach((resolve) => resolve());
    });
    res.writeHead(200, { 'content-type': format.contentType, 'cache-control': 'no-cache' });
    for (const line of format.start(model)) res.write(line);
    if (current.kind === 'endless') {
      const until = Date.now() + 10_000;
      for (let index = 0; !res.destroyed && Date.now() < until; index += 1) {
        res.write(format.piece(`word${index} `, model));
        await pause(20);
      }
      return;
    }
    for (const [index, piece] of current.pieces.entries()) {
      const wait = index === 0 ? (current.firstDelayMs ?? current.delayMs) : current.delayMs;
      if (wait) await pause(wait);
      if (res.destroyed) return;
      res.write(format.piece(piece, model));
    }
    for (const line of format.finish(model, current.pieces.length)) res.write(line);
    finished = true;
    res.end();
  }

  const server = await listenOnLoopback(serve);

  return {
    kind,
    baseURL: `${server.origin}${format.basePath}`,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next: Behaviour) {
      state.behaviour = next;
    },
    requests,
    hungUp: () =>
      hangUps > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    close: () => server.close(),
  };
}
