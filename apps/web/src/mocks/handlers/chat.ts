import {
  chatSendRequest,
  rewriteRequest,
  type ChatMessage,
  type ChatModelsResponse,
  type ChatSendResponse,
  type ChatStreamEvent,
  type ErrorResponse,
  type QuotaErrorResponse,
  type RewriteResponse,
  type UploadResponse,
  shortLine,
} from '@studio/contracts';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';

/**
 * The chat domain (§7: models, send and stream, upload, rewrite) as MSW handlers answering in
 * the API's contracts. The stream speaks the same server-sent events as the API, numbered: start,
 * queue positions (the local model's line), deltas, then done, stopped (after POST …/stop) or
 * error. Replies are deterministic ("You said: …") so tests and stories can assert
 * on them; a signed-in request (one with a bearer token) gets a conversation id.
 */

const paths = {
  models: '*/api/chat/models/chat',
  allModels: '*/api/chat/models',
  send: '*/api/chat/send',
  stream: '*/api/chat/stream',
  upload: '*/api/chat/upload',
  image: '*/api/chat/uploads/:id',
  rewrite: '*/api/chat/rewrite',
  stopReply: '*/api/chat/replies/:id/stop',
  followReply: '*/api/chat/replies/:id/events',
} as const;

/** Replies asked to stop (POST …/stop): the stream writing one ends with `stopped`. */
const stopsAsked = new Set<string>();

export const sampleModels: ChatModelsResponse = {
  models: [
    {
      id: 'gpt-4o-mini',
      name: 'GPT-4o mini',
      provider: 'openai',
      capabilities: ['text', 'vision'],
      plan: 'free',
      available: true,
    },
    {
      id: 'llama-3.1-8b',
      name: 'Llama 3.1 8B',
      provider: 'openai-compatible',
      capabilities: ['text'],
      plan: 'free',
      available: true,
    },
    {
      id: 'claude-sonnet',
      name: 'Claude Sonnet',
      provider: 'anthropic',
      capabilities: ['text', 'vision'],
      plan: 'pro',
      available: false,
    },
  ],
  defaultModelId: 'gpt-4o-mini',
  sandbox: false,
  pullCommand: null,
};

export const sandboxModels: ChatModelsResponse = {
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
  pullCommand: null,
};

/** Nothing configured and no local model installed: the sandbox stands in, the banner says why. */
export const sandboxStandInModels: ChatModelsResponse = {
  ...sandboxModels,
  pullCommand: 'npm run models:pull',
};

/** A conversation id the mock gives a signed-in user's new chat. */
export const NEW_CONVERSATION_ID = 'conv-new';
export const SAMPLE_IMAGE_URL = '/api/chat/uploads/img-1';

export const markdownReply = [
  'Here is a **TypeScript** function and a table:',
  '',
  '```ts',
  'export function unique<T>(items: T[]): T[] {',
  '  return [...new Set(items)];',
  '}',
  '```',
  '',
  '| Input | Output |',
  '| --- | --- |',
  '| `[1, 1, 2]` | `[1, 2]` |',
  '',
  'See [MDN on Set](https://developer.mozilla.org/docs/Web/JavaScript/Reference/Global_Objects/Set).',
].join('\n');

/** A 1×1 PNG: what an uploaded image looks like to the browser. */
const pixelPng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

let ids = 0;
const nextId = (prefix: string) => `${prefix}-${(ids += 1)}`;

function message(
  role: ChatMessage['role'],
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id: nextId(role === 'user' ? 'msg-user' : 'msg-assistant'),
    role,
    content,
    createdAt: '2026-11-21T09:30:00.000Z',
    modelId: role === 'assistant' ? 'gpt-4o-mini' : null,
    imageUrls: [],
    status: 'complete',
    ...extra,
  };
}

/** Text in a few pieces, as a model streams it. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

/** An event as the API writes it, numbered (`id:`) as a resumable reply's events are. */
function frame(event: ChatStreamEvent, id: number): string {
  return `event: ${event.type}\nid: ${id}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

interface StreamScript {
  /** The reply; by default "You said: <message>". */
  reply?: (message: string) => string;
  /** Pause between frames (ms). */
  pause?: number;
  /** Places in the local model's line, sent after start (e.g. [2, 1]). */
  queue?: number[];
  /** Stop after this many deltas and then end with `ending`. */
  after?: number;
  ending?: 'done' | 'error' | 'hang' | 'quota' | 'rate-limit';
  /** With ending rate-limit: the provider's retry hint, in seconds (none when left out). */
  retryAfterSeconds?: number;
}

function streamHandler({
  reply,
  pause = 0,
  queue = [],
  after,
  ending = 'done',
  retryAfterSeconds,
}: StreamScript = {}) {
  return http.post(paths.stream, async ({ request }) => {
    const parsed = chatSendRequest.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json<ErrorResponse>(
        { message: 'Validation error. Please check your input.' },
        { status: 400 },
      );
    }
    const body = parsed.data;
    if (!body.ModelId) {
      return HttpResponse.json<ErrorResponse>(
        { message: 'Model ID is required to send a message.' },
        { status: 400 },
      );
    }
    const signedIn = request.headers.has('Authorization');
    const conversationId = signedIn ? (body.ConversationId ?? NEW_CONVERSATION_ID) : null;
    const userMessage = message('user', body.Message, { imageUrls: body.ImageUrls });
    const assistantMessageId = nextId('msg-assistant');
    const text = reply ? reply(body.Message) : `You said: ${body.Message}`;
    const chunks = pieces(text).slice(0, after);
    const encoder = new TextEncoder();

    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
      async start(controller) {
        let sent = 0;
        let written = '';
        const send = async (event: ChatStreamEvent) => {
          if (pause) await delay(pause);
          sent += 1;
          controller.enqueue(encoder.encode(frame(event, sent)));
        };
        /** As the API answers a stop: what was written, kept as stopped. */
        const stopIfAsked = async () => {
          if (!stopsAsked.delete(assistantMessageId)) return false;
          await send({
            type: 'stopped',
            data: {
              message: written
                ? message('assistant', written, {
                    id: assistantMessageId,
                    modelId: body.ModelId ?? null,
                    status: 'stopped',
                  })
                : null,
            },
          });
          controller.close();
          return true;
        };
        try {
          await send({
            type: 'start',
            data: { conversationId, userMessage, assistantMessageId, modelId: body.ModelId ?? '' },
          });
          for (const position of queue) {
            if (await stopIfAsked()) return;
            await send({ type: 'queue', data: { position } });
          }
          for (const chunk of chunks) {
            if (await stopIfAsked()) return;
            await send({ type: 'delta', data: { text: chunk } });
            written += chunk;
          }
          const final = message('assistant', written, {
            id: assistantMessageId,
            modelId: body.ModelId ?? null,
          });
          if (ending === 'hang') {
            // The reply stays "streaming" until it is stopped.
            while (!cancelled && !(await stopIfAsked())) await delay(50);
            return;
          }
          if (await stopIfAsked()) return;
          if (ending === 'rate-limit') {
            // The API's words for a provider's 429 (chat-errors.ts), and its hint when it gave one.
            await send({
              type: 'error',
              data: {
                message: `The model is receiving too many requests right now. Please try again ${
                  retryAfterSeconds ? `in ${retryAfterSeconds} seconds` : 'later'
                }.`,
                code: 'rate-limit',
                partial: null,
                ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
              },
            });
          } else if (ending === 'error' || ending === 'quota') {
            await send({
              type: 'error',
              data:
                ending === 'quota'
                  ? {
                      message: 'You have reached the daily message limit.',
                      code: 'quota',
                      partial: null,
                    }
                  : {
                      message: 'The model provider failed. Please try again.',
                      code: 'provider',
                      partial: written ? { ...final, status: 'error' } : null,
                    },
            });
          } else {
            await send({
              type: 'done',
              // The API's fallback title: the message as plain text, cut between words.
              data: { message: final, title: signedIn ? shortLine(body.Message, 60) : null },
            });
          }
          controller.close();
        } catch {
          // The client went away (stop): nothing more to send.
        }
      },
    });
    return new HttpResponse(stream, {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });
}

const quotaBody: QuotaErrorResponse = {
  message: 'You have used all 20 free messages for today.',
  code: 'quota',
  limit: 20,
  remaining: 0,
  refusedBy: 'plan',
  resetsAt: '2026-11-22T00:00:00.000Z',
  upgradeUrl: '/plans',
};

const serverError = () =>
  HttpResponse.json<ErrorResponse>(
    { message: 'Server error. Please try again later.' },
    { status: 500 },
  );

export const chatHandlers = {
  stopReply: http.post<{ id: string }>(paths.stopReply, ({ params }) => {
    stopsAsked.add(params.id);
    return HttpResponse.json({ stopping: true });
  }),
  /** No reply to follow (it ended long ago): what a reload finds after ten minutes. */
  followReplyGone: http.get(paths.followReply, () =>
    HttpResponse.json<ErrorResponse>(
      { message: 'This reply is no longer available. Reload the conversation to see it.' },
      { status: 404 },
    ),
  ),
  models: http.get<never, never, ChatModelsResponse>(paths.models, () =>
    HttpResponse.json(sampleModels),
  ),
  allModels: http.get<never, never, ChatModelsResponse>(paths.allModels, () =>
    HttpResponse.json(sampleModels),
  ),
  modelsSandbox: http.get<never, never, ChatModelsResponse>(paths.models, () =>
    HttpResponse.json(sandboxModels),
  ),
  /** The sandbox stands in for a local model that is not installed (pullCommand set). */
  modelsSandboxStandIn: http.get<never, never, ChatModelsResponse>(paths.models, () =>
    HttpResponse.json(sandboxStandInModels),
  ),
  modelsEmpty: http.get<never, never, ChatModelsResponse>(paths.models, () =>
    HttpResponse.json({ models: [], defaultModelId: null, sandbox: false, pullCommand: null }),
  ),
  /** No words of its own: 'Failed to load chat models'. */
  modelsError: http.get(paths.models, () => new HttpResponse(null, { status: 500 })),
  modelsPending: http.get(paths.models, async () => {
    await delay('infinite');
    return new HttpResponse(null, { status: 504 });
  }),

  /** "You said: …", streamed word by word. */
  stream: streamHandler(),
  /** The same, slowly enough to watch (stories). */
  streamSlow: streamHandler({ pause: 120 }),
  /** A Markdown reply with code, a table and a link. */
  streamMarkdown: streamHandler({ reply: () => markdownReply, pause: 20 }),
  /** Waits in the local model's line (2 ahead) and never gets its turn until stopped. */
  streamQueued: streamHandler({ queue: [2], after: 0, ending: 'hang' }),
  /** Waits in line (2 ahead, then next), then the reply streams. */
  streamQueuedThenReply: streamHandler({ queue: [2, 1], pause: 150 }),
  /** Two words, then nothing more until the user stops it. */
  streamHanging: streamHandler({ after: 2, ending: 'hang' }),
  /** Two words, then the provider fails (the partial reply is kept with status error). */
  streamError: streamHandler({ after: 2, ending: 'error' }),
  /** The model provider's 429 before any text, saying to try again in 20 seconds. */
  streamRateLimited: streamHandler({ after: 0, ending: 'rate-limit', retryAfterSeconds: 20 }),
  /** The provider's 429 without a hint. */
  streamRateLimitedNoHint: streamHandler({ after: 0, ending: 'rate-limit' }),
  /** The quota runs out mid-turn (the stream's quota error). */
  streamQuotaEvent: streamHandler({ after: 0, ending: 'quota' }),
  /** 429 with the quota body before any stream. */
  streamQuota: http.post<never, never, QuotaErrorResponse>(paths.stream, () =>
    HttpResponse.json(quotaBody, { status: 429 }),
  ),
  /** 500 with the server's words. */
  streamServerError: http.post(paths.stream, serverError),
  /** 500 with no words: 'Failed to send message'. */
  streamBareError: http.post(paths.stream, () => new HttpResponse(null, { status: 500 })),

  send: http.post<never, never, ChatSendResponse | ErrorResponse>(
    paths.send,
    async ({ request }) => {
      const parsed = chatSendRequest.safeParse(await request.json());
      if (!parsed.success || !parsed.data.ModelId) {
        return HttpResponse.json(
          { message: 'Model ID is required to send a message.' },
          { status: 400 },
        );
      }
      const signedIn = request.headers.has('Authorization');
      return HttpResponse.json({
        conversationId: signedIn ? (parsed.data.ConversationId ?? NEW_CONVERSATION_ID) : null,
        title: null,
        userMessage: message('user', parsed.data.Message),
        message: message('assistant', `You said: ${parsed.data.Message}`),
        audio: null,
      });
    },
  ),
  sendQuota: http.post<never, never, QuotaErrorResponse>(paths.send, () =>
    HttpResponse.json(quotaBody, { status: 429 }),
  ),

  /** Needs the multipart field `file` holding an image, as the API does. */
  upload: http.post<never, never, UploadResponse | ErrorResponse>(
    paths.upload,
    async ({ request }) => {
      const file = (await request.formData().catch(() => null))?.get('file');
      if (!(file instanceof File) || !file.type.startsWith('image/')) {
        return HttpResponse.json(
          { message: 'The file is not a supported image.' },
          { status: 400 },
        );
      }
      return HttpResponse.json({ imageUrl: SAMPLE_IMAGE_URL });
    },
  ),
  uploadPending: http.post(paths.upload, async () => {
    await delay('infinite');
    return new HttpResponse(null, { status: 504 });
  }),
  uploadError: http.post<never, never, ErrorResponse>(paths.upload, () =>
    HttpResponse.json({ message: 'The file is not a supported image.' }, { status: 400 }),
  ),
  image: http.get(paths.image, () =>
    HttpResponse.arrayBuffer(pixelPng.buffer, { headers: { 'Content-Type': 'image/png' } }),
  ),

  /** A recognisable rewrite: "[instruction] text". */
  rewrite: http.post<never, never, RewriteResponse | ErrorResponse>(
    paths.rewrite,
    async ({ request }) => {
      const parsed = rewriteRequest.safeParse(await request.json());
      if (!parsed.success) {
        return HttpResponse.json(
          { message: 'Validation error. Please check your input.' },
          { status: 400 },
        );
      }
      const { instruction, text, modelId } = parsed.data;
      return HttpResponse.json({
        text: `[${instruction}] ${text}`,
        modelId: modelId ?? 'gpt-4o-mini',
      });
    },
  ),
  rewriteError: http.post(paths.rewrite, serverError),
} satisfies Record<string, HttpHandler>;

/** The happy path, part of every test's and story's defaults. */
export const defaultChatHandlers: HttpHandler[] = [
  chatHandlers.models,
  chatHandlers.allModels,
  chatHandlers.stream,
  chatHandlers.send,
  chatHandlers.upload,
  chatHandlers.image,
  chatHandlers.rewrite,
  chatHandlers.stopReply,
  chatHandlers.followReplyGone,
];
