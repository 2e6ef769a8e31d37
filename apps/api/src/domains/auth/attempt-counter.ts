interface Window {
  count: number;
  resetAt: number;
}

/** Entries kept before expired ones are swept; beyond the hard cap the oldest are dropped. */
const sweepAbove = 10_000;
const hardCap = 100_000;

/**
 * Fixed-window counters per key (an e-mail address): the per-account limits that a per-IP
 * limiter cannot express. Windows expire by time only: nothing here locks an account for good.
 * Asynchronous, so the Redis implementation (redis-attempt-counter.ts, used when several
 * processes must share the counts) has the same interface.
 */
export interface AttemptCounter {
  /** Seconds until `key` may try again, or 0 when it may now. Counts nothing. */
  retryAfter(key: string): Promise<number>;
  /** Counts one attempt for `key`. */
  hit(key: string): Promise<void>;
  /**
   * Counts one attempt if the key is under its limit, in one step (of concurrent callers at
   * most the limit get through): 0 when it was counted, else the seconds to wait.
   */
  take(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * The in-memory counter: one process. Time comes from the injected clock, so tests can step
 * over a window.
 */
export function createAttemptCounter({
  max,
  windowMs,
  now,
}: {
  max: number;
  windowMs: number;
  now: () => Date;
}): AttemptCounter {
  const windows = new Map<string, Window>();

  const current = (key: string): Window | undefined => {
    const window = windows.get(key);
    if (window && window.resetAt <= now().getTime()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  const sweep = () => {
    if (windows.size < sweepAbove) return;
    const time = now().getTime();
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < hardCap) break;
      windows.delete(key);
    }
  };

  const retryAfterOf = (window: Window) =>
    Math.max(1, Math.ceil((window.resetAt - now().getTime()) / 1000));

  const retryAfter = (key: string): number => {
    const window = current(key);
    return window && window.count >= max ? retryAfterOf(window) : 0;
  };

  const hit = (key: string): void => {
    const window = current(key);
    if (window) {
      window.count += 1;
      return;
    }
    sweep();
    windows.set(key, { count: 1, resetAt: now().getTime() + windowMs });
  };

  // Each method runs to its end without awaiting: one step even with concurrent callers.
  return {
    retryAfter: (key) => Promise.resolve(retryAfter(key)),
    hit: (key) => Promise.resolve(hit(key)),
    take(key) {
      const wait = retryAfter(key);
      if (wait === 0) hit(key);
      return Promise.resolve(wait);
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}
