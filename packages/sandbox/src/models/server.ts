import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { imageFactsOf } from './images.ts';
import { chunksOf, type PromptMessage, replyTo } from './replies.ts';
import { structuredReply } from './structured.ts';

/**
 * The sandbox model server, transport-free: a request (method, path, body) in, a status, headers
 * and a body (a string, or the lines of a server-sent-event stream) out. http.ts serves it to
 * Node's HTTP server, fetch.ts to an in-process `fetch`. It speaks OpenAI's chat-completions wire
 * format: `GET /v1/models`, `POST /v1/chat/completions`.
 */

export interface SandboxModelOptions {
  /** The one model id it serves. */
  modelId?: string;
  /** Pause before each streamed chunk (ms); `[slow]` uses slowChunkDelayMs. */
  chunkDelayMs?: number;
  slowChunkDelayMs?: number;
  /** A prefix to strip from request paths (where it is mounted, e.g. /sandbox/models). */
  basePath?: string;
}

export const sandboxModelDefaults = {
  modelId: 'sandbox',
  chunkDelayMs: 15,
  slowChunkDelayMs: 300,
} as const;

export interface ModelRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  body: string;
  /** Fires when the client goes away: the stream stops writing. */
  signal: AbortSignal;
}

export interface ModelResponse {
  status: number;
  headers: Record<string, string>;
  body: string | AsyncIterable<string>;
}

/** The largest request body read (images travel inline as data: URLs). */
export const maxRequestBytes = 25 * 1024 * 1024;

type ErrorType = 'invalid_request_error' | 'not_found_error' | 'server_error';

function errorResponse(
  status: number,
  message: string,
  type: ErrorType,
  code: string | null,
): ModelResponse {
  return json(status, { error: { message, type, param: null, code } });
}

function json(status: number, value: unknown): ModelResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(value),
  };
}

class BadRequest extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const roles = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** A message's text and images, from a string or an array of content parts. */
function promptMessageOf(value: unknown, index: number): PromptMessage {
  if (!isRecord(value) || typeof value['role'] !== 'string' || !roles.has(value['role'])) {
    throw new BadRequest(`messages[${index}] must have a role of ${[...roles].join(', ')}`);
  }
  const role = value['role'] as PromptMessage['role'];
  const content = value['content'];
  if (content === null || content === undefined) return { role, text: '', images: [] };
  if (typeof content === 'string') return { role, text: content, images: [] };
  if (!Array.isArray(content)) {
    throw new BadRequest(`messages[${index}].content must be a string or an array of parts`);
  }
  const texts: string[] = [];
  const images: PromptMessage['images'] = [];
  for (const part of content) {
    if (isRecord(part) && part['type'] === 'text' && typeof part['text'] === 'string') {
      texts.push(part['text']);
    } else if (isRecord(part) && part['type'] === 'image_url') {
      const image = part['image_url'];
      const url = isRecord(image) ? image['url'] : image;
      if (typeof url !== 'string') {
        throw new BadRequest(`messages[${index}]: image_url.url must be a string`);
      }
      images.push(imageFactsOf(url));
    } else {
      throw new BadRequest(`messages[${index}]: content parts must be text or image_url`);
    }
  }
  return { role, text: texts.join('\n'), images };
}

interface CompletionRequest {
  model: string;
  messages: PromptMessage[];
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number | null;
  /** `response_format`: JSON fitting a schema, any JSON object, or text (null). */
  format: { kind: 'schema'; schema: unknown } | { kind: 'json' } | null;
}

function responseFormatOf(value: unknown): CompletionRequest['format'] {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) throw new BadRequest('response_format must be an object.');
  const { type } = value;
  if (type === 'text') return null;
  if (type === 'json_object') return { kind: 'json' };
  if (type === 'json_schema') {
    const spec = value['json_schema'];
    if (!isRecord(spec) || !isRecord(spec['schema'])) {
      throw new BadRequest('response_format.json_schema.schema must be a JSON schema object.');
    }
    return { kind: 'schema', schema: spec['schema'] };
  }
  throw new BadRequest('response_format.type must be text, json_object or json_schema.');
}

function completionRequestOf(body: string): CompletionRequest {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new BadRequest('The request body is not valid JSON.');
  }
  if (!isRecord(value)) throw new BadRequest('The request body must be a JSON object.');
  const { model, messages, stream, stream_options: streamOptions } = value;
  if (typeof model !== 'string') throw new BadRequest('model is required.');
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new BadRequest('messages must be a non-empty array.');
  }
  const limit = value['max_completion_tokens'] ?? value['max_tokens'];
  return {
    model,
    messages: messages.map(promptMessageOf),
    stream: stream === true,
    includeUsage: isRecord(streamOptions) && streamOptions['include_usage'] === true,
    maxTokens: typeof limit === 'number' && limit > 0 ? Math.floor(limit) : null,
    format: responseFormatOf(value['response_format']),
  };
}

/** A rough token count (words), enough for usage figures that add up. */
const tokenCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

function completionId(request: CompletionRequest): string {
  const digest = createHash('sha256').update(JSON.stringify(request.messages)).digest('hex');
  return `chatcmpl-sandbox-${digest.slice(0, 24)}`;
}

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

async function* completionStream(
  request: CompletionRequest,
  chunks: string[],
  finishReason: 'stop' | 'length',
  delayMs: number,
  signal: AbortSignal,
): AsyncIterable<string> {
  const base = {
    id: completionId(request),
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
  };
  const frame = (delta: Record<string, string>, finish: string | null) =>
    sse({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });

  yield frame({ role: 'assistant', content: '' }, null);
  for (const chunk of chunks) {
    if (delayMs > 0) {
      try {
        await sleep(delayMs, undefined, { signal });
      } catch {
        return;
      }
    }
    if (signal.aborted) return;
    yield frame({ content: chunk }, null);
  }
  yield frame({}, finishReason);
  if (request.includeUsage) {
    yield sse({ ...base, choices: [], usage: usageOf(request, chunks) });
  }
  yield 'data: [DONE]\n\n';
}

function usageOf(request: CompletionRequest, chunks: string[]) {
  const promptTokens = request.messages.reduce((sum, message) => sum + tokenCount(message.text), 0);
  const completionTokens = chunks.length;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function chatCompletion(
  request: CompletionRequest,
  options: Required<Omit<SandboxModelOptions, 'basePath'>>,
  signal: AbortSignal,
): ModelResponse {
  const reply = replyTo(request.messages);
  if (reply.fail) {
    return errorResponse(
      500,
      'The sandbox model failed on purpose: the message contains [fail].',
      'server_error',
      'sandbox_failure',
    );
  }
  const said = request.messages.filter((message) => message.role === 'user').at(-1)?.text ?? '';
  const text =
    request.format?.kind === 'schema'
      ? structuredReply(request.format.schema, said)
      : request.format?.kind === 'json'
        ? JSON.stringify({ answer: reply.text })
        : reply.text;
  const all = chunksOf(text);
  const chunks = request.maxTokens === null ? all : all.slice(0, request.maxTokens);
  const finishReason = chunks.length < all.length ? 'length' : 'stop';
  if (request.stream) {
    const delayMs = reply.pace === 'slow' ? options.slowChunkDelayMs : options.chunkDelayMs;
    return {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      },
      body: completionStream(request, chunks, finishReason, delayMs, signal),
    };
  }
  return json(200, {
    id: completionId(request),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: chunks.join(''), refusal: null },
        finish_reason: finishReason,
      },
    ],
    usage: usageOf(request, chunks),
  });
}

/** Answers one request (see the module comment). Never throws. */
export function createSandboxModelServer(
  options: SandboxModelOptions = {},
): (request: ModelRequest) => ModelResponse {
  const settings = {
    modelId: options.modelId ?? sandboxModelDefaults.modelId,
    chunkDelayMs: options.chunkDelayMs ?? sandboxModelDefaults.chunkDelayMs,
    slowChunkDelayMs: options.slowChunkDelayMs ?? sandboxModelDefaults.slowChunkDelayMs,
  };
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');

  return (request) => {
    let path = new URL(request.url, 'http://sandbox.invalid').pathname;
    if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) {
      path = path.slice(basePath.length) || '/';
    }
    if (path === '/v1/models') {
      if (request.method !== 'GET') {
        return errorResponse(405, 'Use GET.', 'invalid_request_error', 'method_not_allowed');
      }
      return json(200, {
        object: 'list',
        data: [{ id: settings.modelId, object: 'model', created: 0, owned_by: 'studio-sandbox' }],
      });
    }
    if (path !== '/v1/chat/completions') {
      return errorResponse(404, `No route for ${path}.`, 'not_found_error', 'not_found');
    }
    if (request.method !== 'POST') {
      return errorResponse(405, 'Use POST.', 'invalid_request_error', 'method_not_allowed');
    }
    let completion: CompletionRequest;
    try {
      completion = completionRequestOf(request.body);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      return errorResponse(400, error.message, 'invalid_request_error', 'invalid_request');
    }
    if (completion.model !== settings.modelId) {
      return errorResponse(
        404,
        `The model '${completion.model}' does not exist.`,
        'invalid_request_error',
        'model_not_found',
      );
    }
    return chatCompletion(completion, settings, request.signal);
  };
}
