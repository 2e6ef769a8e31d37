import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

const heartbeatMs = 15_000;

/** The events one stream may send: a name and the schema of its data. */
export type EventSchemas = Record<string, z.ZodType>;

export interface TypedEventStream<Schemas extends EventSchemas> {
  /** `id` numbers a resumable stream's events (a follower sends the last back as Last-Event-ID). */
  send<K extends keyof Schemas & string>(type: K, data: z.infer<Schemas[K]>, id?: number): void;
  end(): void;
  /** False once the stream has ended or the client has gone. */
  readonly open: boolean;
}

/**
 * Takes the response over from Fastify and opens a server-sent event stream (once
 * app.eventStreams.admit() has taken its slot): each event is
 * written (and so flushed) as soon as it is sent, checked against its schema so the stream never
 * says what the SPA cannot read. The headers the hooks have set so far (security headers) are
 * kept; proxies are told not to buffer; a comment line now and then keeps them from closing a
 * quiet stream. The chat's replies and every job's progress use it.
 */
export function openTypedEventStream<Schemas extends EventSchemas>(
  request: FastifyRequest,
  reply: FastifyReply,
  schemas: Schemas,
  options: {
    /**
     * Event types sent without the runtime check: ones the server builds from typed values and
     * sends by the hundred (a reply's text deltas), where checking each cost a measurable part
     * of a reply's CPU time. Their shape is still checked where they are made, by the types.
     */
    unchecked?: readonly (keyof Schemas & string)[];
  } = {},
): TypedEventStream<Schemas> {
  const unchecked = new Set<string>(options.unchecked ?? []);
  // Every stream is counted against its caller's (and its job's) limit before it opens.
  if (!request.server.eventStreams.admitted(request)) {
    throw new Error('an event stream was opened without app.eventStreams.admit()');
  }
  reply.hijack();
  const raw = reply.raw;
  const inherited = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
  );
  raw.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  // A follower resuming a quiet reply (a model thinking, a job waiting its turn) must know at
  // once that the stream is open: if no event went out with the headers by the end of this turn
  // of the event loop, they go alone. Most streams have an event at once (a reply's start), and
  // the headers go in the same write: one write fewer per stream, a tenth of a reply's start.
  let written = false;
  setImmediate(() => {
    if (!written && !raw.destroyed && !raw.writableEnded) raw.flushHeaders();
  });
  // A client that hung up makes writes fail; the route hears it through 'close'.
  raw.on('error', (error) => request.log.debug({ err: error }, 'event stream write failed'));
  const isOpen = () => !raw.destroyed && !raw.writableEnded;
  const heartbeat = setInterval(() => {
    if (isOpen()) raw.write(': keep-alive\n\n');
  }, heartbeatMs);
  raw.on('close', () => clearInterval(heartbeat));
  // Counted while open (metrics), and ended by a shutdown whose grace period is over.
  request.server.eventStreams.track(raw);

  return {
    send(type, data, id) {
      if (!isOpen()) return;
      const schema = schemas[type];
      if (!schema) throw new Error(`Unknown event type ${type}`);
      const parsed: unknown = unchecked.has(type) ? data : schema.parse(data);
      const idLine = id === undefined ? '' : `id: ${id}\n`;
      written = true;
      raw.write(`event: ${type}\n${idLine}data: ${JSON.stringify(parsed)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (isOpen()) raw.end();
    },
    get open() {
      return isOpen();
    },
  };
}
