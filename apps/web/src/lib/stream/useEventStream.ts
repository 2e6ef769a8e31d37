import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Where a followed stream is: idle until the first start, streaming while open, then its end. */
export type StreamStatus = 'idle' | 'streaming' | 'done' | 'failed' | 'stopped';

/** The last word a stream said: done, or a failure it reported itself (an `error` event). */
export type StreamEnding = { failed: false } | { failed: true; error: unknown };

/** A server stream of events, and how its events build the result it is after. */
export interface EventStreamSource<Request, Event, Result> {
  /** Opens the stream: it ends, or throws a failure; aborting `signal` must close it. */
  open: (request: Request, signal: AbortSignal) => AsyncIterable<Event>;
  /** The result before the first event. */
  initial: Result;
  /** The result after one more event (a pure function: the hook keeps the result). */
  reduce: (result: Result, event: Event) => Result;
  /**
   * The stream's last word, read from its result; null until it has come, and a stream that
   * ends without it failed (IncompleteStreamError). Left out, a stream that ends is done.
   */
  ending?: (result: Result) => StreamEnding | null;
}

export type StreamOutcome<Result> =
  | { status: 'done' | 'stopped'; result: Result }
  | { status: 'failed'; result: Result; error: unknown }
  /** A stream of this hook was still open: nothing started. */
  | { status: 'busy' };

/** The connection ended before the stream said its last word. */
export class IncompleteStreamError extends Error {
  constructor() {
    super('The stream ended before its last word');
    this.name = 'IncompleteStreamError';
  }
}

export interface StreamSnapshot<Result> {
  status: StreamStatus;
  /** What the events built so far (kept once the stream ends); null before the first start. */
  result: Result | null;
  /** Why the last stream failed; null unless it did. */
  error: unknown;
}

export interface EventStream<Request, Event, Result> extends StreamSnapshot<Result> {
  /**
   * Opens a stream (one at a time) and follows it to its end. `onEvent` sees each event once the
   * result has taken it, for effects of the caller's own.
   */
  start: (
    request: Request,
    onEvent?: (event: Event, result: Result) => void,
  ) => Promise<StreamOutcome<Result>>;
  /** Closes the open stream: it ends stopped, with the result so far. */
  stop: () => void;
  /** The snapshot now, for callbacks that run between renders. */
  current: () => StreamSnapshot<Result>;
}

const idle = { status: 'idle', result: null, error: null } as const;

/**
 * Follows a server stream of events (a chat reply, a tool's progress): its status, its partial
 * result, its failure, and stop. Leaving (unmounting) closes a stream still open. The source is
 * read at each start, so it may be a new object each render. A feature brings its own source
 * (its endpoint's call, and a reduce of its events) in a hook of its own, as the chat's
 * useReplyStream does.
 */
export function useEventStream<Request, Event, Result>(
  source: EventStreamSource<Request, Event, Result>,
): EventStream<Request, Event, Result> {
  const sourceRef = useRef(source);
  useLayoutEffect(() => {
    sourceRef.current = source;
  });
  const [snapshot, setSnapshot] = useState<StreamSnapshot<Result>>(idle);
  const snapshotRef = useRef<StreamSnapshot<Result>>(idle);
  const controllerRef = useRef<AbortController | null>(null);

  const publish = useCallback((next: StreamSnapshot<Result>) => {
    snapshotRef.current = next;
    setSnapshot(next);
  }, []);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (
      request: Request,
      onEvent?: (event: Event, result: Result) => void,
    ): Promise<StreamOutcome<Result>> => {
      if (controllerRef.current) return { status: 'busy' };
      const { open, initial, reduce, ending } = sourceRef.current;
      const controller = new AbortController();
      controllerRef.current = controller;
      let result = initial;
      publish({ status: 'streaming', result, error: null });

      let outcome: StreamOutcome<Result>;
      try {
        for await (const event of open(request, controller.signal)) {
          result = reduce(result, event);
          publish({ status: 'streaming', result, error: null });
          onEvent?.(event, result);
        }
        const last: StreamEnding | null = ending ? ending(result) : { failed: false };
        if (last === null) {
          outcome = controller.signal.aborted
            ? { status: 'stopped', result }
            : { status: 'failed', result, error: new IncompleteStreamError() };
        } else {
          outcome = last.failed
            ? { status: 'failed', result, error: last.error }
            : { status: 'done', result };
        }
      } catch (failure) {
        outcome = controller.signal.aborted
          ? { status: 'stopped', result }
          : { status: 'failed', result, error: failure };
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
      publish({
        status: outcome.status,
        result,
        error: outcome.status === 'failed' ? outcome.error : null,
      });
      return outcome;
    },
    [publish],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);
  const current = useCallback(() => snapshotRef.current, []);

  return { ...snapshot, start, stop, current };
}
