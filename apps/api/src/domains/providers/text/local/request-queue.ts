/**
 * One-at-a-time work with a visible line: the local model generates for one request at a time
 * (a second context would double its memory), so the others wait here in arrival order and are
 * told their place whenever it changes. A waiting request whose signal aborts leaves the line at
 * once; the running one is expected to stop on its signal, which frees the slot for the next.
 */

export class QueueFullError extends Error {
  constructor(readonly maxWaiting: number) {
    super(`the queue is full (${maxWaiting} waiting)`);
    this.name = 'QueueFullError';
  }
}

export interface QueueOptions {
  signal?: AbortSignal | undefined;
  /** Called with 1 (next in line), 2… while the request waits; never for one that starts at once. */
  onPosition?: ((position: number) => void) | undefined;
}

interface Waiting {
  start: () => void;
  cancel: (reason: unknown) => void;
  onPosition: ((position: number) => void) | undefined;
}

export interface RequestQueue {
  run<T>(task: () => Promise<T>, options?: QueueOptions): Promise<T>;
  /** 0 or 1. */
  readonly active: number;
  readonly waiting: number;
}

export function createRequestQueue(options: { maxWaiting: number }): RequestQueue {
  const line: Waiting[] = [];
  let busy = false;

  /** Tells everyone from `from` on (the ones whose place just changed) where they stand. */
  function announcePositions(from = 0) {
    line.slice(from).forEach((entry, index) => entry.onPosition?.(from + index + 1));
  }

  function next() {
    const entry = line.shift();
    if (!entry) {
      busy = false;
      return;
    }
    announcePositions();
    entry.start();
  }

  return {
    get active() {
      return busy ? 1 : 0;
    },
    get waiting() {
      return line.length;
    },
    run<T>(task: () => Promise<T>, { signal, onPosition }: QueueOptions = {}): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const execute = (): Promise<T> => {
        busy = true;
        // Whatever the task does, the slot passes on when it settles.
        return task().finally(next);
      };
      if (!busy) return execute();
      if (line.length >= options.maxWaiting) {
        return Promise.reject(new QueueFullError(options.maxWaiting));
      }
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => entry.cancel(signal?.reason);
        const entry: Waiting = {
          onPosition,
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            execute().then(resolve, reject);
          },
          cancel: (reason) => {
            const index = line.indexOf(entry);
            if (index === -1) return;
            line.splice(index, 1);
            signal?.removeEventListener('abort', onAbort);
            reject(reason);
            announcePositions(index);
          },
        };
        line.push(entry);
        signal?.addEventListener('abort', onAbort, { once: true });
        onPosition?.(line.length);
      });
    },
  };
}
