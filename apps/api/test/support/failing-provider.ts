import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for an OpenAI chat-completions provider that fails in the ways real ones
 * do. Each streamed request takes the next queued answer (a normal reply when none is queued;
 * a request that is not streamed, a title, always gets a short completion):
 * - reply: the pieces as `data:` chunks, `delayMs` apart, then the finish reason and `[DONE]`;
 * - status: an HTTP error with OpenAI's error body (or `body`) and any headers (Retry-After…);
 * - cut: the pieces, then the connection is destroyed mid-stream;
 * - malformed: the pieces, then a frame that is not JSON, then the end;
 * - hang: the pieces (headers only if there are any), then silence until the client gives up.
 */
export type ProviderAnswer =
  | { kind: 'reply'; pieces: string[]; delayMs?: number }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'cut'; pieces: string[] }
  | { kind: 'malformed'; pieces: string[] }
  | { kind: 'hang'; pieces: string[] };

export interface FailingProvider {
  /** `OPENAI_BASE_URL` for the app (up to and including /v1). */
  readonly baseURL: string;
  /** Queues answers for the next requests, in order. */
  next(...answers: ProviderAnswer[]): void;
  /** The JSON bodies it was sent (the prompt among them). */
  readonly requests: unknown[];
  /** How many requests are open right now (a hang waits here until the client leaves). */
  open(): number;
  close(): Promise<void>;
}

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const chunk = (delta: Record<string, string>, finish: string | null) =>
  sse({
    id: 'chatcmpl-stand-in',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-stand-in',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(Buffer.from(part as Buffer));
  const text = Buffer.concat(parts).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

function startStream(res: ServerResponse, pieces: string[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk({ role: 'assistant', content: '' }, null));
  for (const piece of pieces) res.write(chunk({ content: piece }, null));
}

export async function startFailingProvider(): Promise<FailingProvider> {
  const queue: ProviderAnswer[] = [];
  const requests: unknown[] = [];
  let openRequests = 0;

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    requests.push(body);
    const streamed = (body as { stream?: unknown } | null)?.stream === true;
    // Titles and rewrites are not streamed: they get one completion (and leave the queue alone).
    if (!streamed) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-stand-in',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-stand-in',
          choices: [
            { index: 0, message: { role: 'assistant', content: 'A title' }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
        }),
      );
      return;
    }
    const answer = queue.shift() ?? { kind: 'reply', pieces: ['Hello', ' there'] };
    switch (answer.kind) {
      case 'status': {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(
          JSON.stringify(
            answer.body ?? {
              error: { message: 'The server had an error', type: 'server_error', code: null },
            },
          ),
        );
        return;
      }
      case 'reply': {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(chunk({ role: 'assistant', content: '' }, null));
        for (const piece of answer.pieces) {
          if (answer.delayMs) await pause(answer.delayMs);
          if (res.destroyed) return;
          res.write(chunk({ content: piece }, null));
        }
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
        return;
      }
      case 'cut': {
        startStream(res, answer.pieces);
        await pause(20);
        res.socket?.destroy();
        return;
      }
      case 'malformed': {
        startStream(res, answer.pieces);
        res.write('data: {"id":"chatcmpl-stand-in","choices":[{"delta":{"content":\n\n');
        res.end('data: [DONE]\n\n');
        return;
      }
      case 'hang': {
        if (answer.pieces.length > 0) startStream(res, answer.pieces);
        await new Promise((resolve) => res.once('close', resolve));
        return;
      }
    }
  }

  const server = createServer((req, res) => {
    openRequests += 1;
    res.once('close', () => {
      openRequests -= 1;
    });
    serve(req, res).catch((error: unknown) =>
      res.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    next: (...answers) => void queue.push(...answers),
    requests,
    open: () => openRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
