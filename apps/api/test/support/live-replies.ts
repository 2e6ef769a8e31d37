import { type ChatStreamEvent, chatStreamEvents } from '@studio/contracts';

/** A reply's event with the number the stream gave it (`id:`, for Last-Event-ID). */
export type NumberedEvent = ChatStreamEvent & { id: number };

function parseFrame(frame: string): NumberedEvent {
  const type = /^event: (\w+)$/m.exec(frame)?.[1];
  const id = /^id: (\d+)$/m.exec(frame)?.[1];
  const data = /^data: (.*)$/m.exec(frame)?.[1];
  if (!type || !id || data === undefined || !(type in chatStreamEvents)) {
    throw new Error(`not a numbered event frame: ${frame}`);
  }
  const key = type as keyof typeof chatStreamEvents;
  return {
    type: key,
    id: Number(id),
    data: chatStreamEvents[key].parse(JSON.parse(data)),
  } as NumberedEvent;
}

/** The numbered events of a whole server-sent event body, checked against the contract. */
export function numberedEvents(body: string): NumberedEvent[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim().length > 0 && !frame.startsWith(':'))
    .map(parseFrame);
}

/** A reply's text, from its delta events. */
export const textOf = (events: readonly ChatStreamEvent[]) =>
  events
    .filter((event) => event.type === 'delta')
    .map((event) => event.data.text)
    .join('');

export interface OpenStream {
  status: number;
  /** Which process answered (X-Instance). */
  instance: string | null;
  /** The events so far. */
  readonly events: NumberedEvent[];
  /** Resolves once an event satisfies `test` (or rejects when the stream ends first). */
  until(test: (event: NumberedEvent) => boolean): Promise<NumberedEvent>;
  /** Resolves with every event once the stream has ended. */
  ended: Promise<NumberedEvent[]>;
  /** Closes the connection, as a browser does on a reload. */
  close(): void;
}

/**
 * A real connection to a listening app's event stream (not inject: the tests close it mid-reply,
 * as a browser does), read as the events arrive.
 */
export async function openStream(url: string, init: RequestInit): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const events: NumberedEvent[] = [];
  const waiters: {
    test: (event: NumberedEvent) => boolean;
    resolve: (e: NumberedEvent) => void;
    reject: (e: Error) => void;
  }[] = [];
  let finished = false;
  const ended = (async () => {
    if (!response.body) return events;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (frame.trim().length === 0 || frame.startsWith(':')) continue;
          const event = parseFrame(frame);
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.test(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
    finished = true;
    for (const waiter of waiters.splice(0)) {
      waiter.reject(
        new Error(`the stream ended first; events: ${events.map((e) => e.type).join(',')}`),
      );
    }
    return events;
  })();
  return {
    status: response.status,
    instance: response.headers.get('x-instance'),
    events,
    until(test) {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      if (finished) return Promise.reject(new Error('the stream has ended'));
      return new Promise((resolve, reject) => waiters.push({ test, resolve, reject }));
    },
    ended,
    close: () => controller.abort(),
  };
}
