/** Thrown when the bounded work queue is full: answered 503 with Retry-After. */
export class ServerBusyError extends Error {
  constructor() {
    super('Server busy. Please try again in a moment.');
    this.name = 'ServerBusyError';
  }
}

/** Seconds a client is told to wait when the password work queue is full. */
export const busyRetryAfterSeconds = 5;

/**
 * A semaphore with a bounded queue for CPU- and memory-heavy work (argon2): at most
 * `concurrency` jobs run, at most `queueLimit` wait, and anything beyond is refused at once
 * rather than piling up until every request times out (security.md §1.2, Open WebUI #30336).
 */
export function createWorkLimiter({
  concurrency,
  queueLimit,
}: {
  concurrency: number;
  queueLimit: number;
}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    /** True when a new job would be refused. */
    isSaturated(): boolean {
      return running >= concurrency && waiting.length >= queueLimit;
    },

    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) {
        running += 1;
      } else if (waiting.length < queueLimit) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        throw new ServerBusyError();
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

export type WorkLimiter = ReturnType<typeof createWorkLimiter>;
