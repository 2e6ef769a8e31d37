interface Window {
  count: number;
  resetAt: number;
}

/** Entries kept before expired ones are swept; beyond the hard cap the oldest are dropped. */
const sweepAbove = 10_000;
const hardCap = 100_000;

/**
 * Fixed-window counters per key (an e-mail address), in memory: the per-account limits that a
 * per-IP limiter cannot express. Time comes from the injected clock, so tests can step over a
 * window. Windows expire by time only: nothing here locks an account for good.
 */
export function createAttemptCounter({
  max,
  windowMs,
  now,
}: {
  max: number;
  windowMs: number;
  now: () => Date;
}) {
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

  return {
    /** Seconds until `key` may try again, or 0 when it may now. Counts nothing. */
    retryAfter(key: string): number {
      const window = current(key);
      return window && window.count >= max ? retryAfterOf(window) : 0;
    },

    /** Counts one attempt for `key`. */
    hit(key: string): void {
      const window = current(key);
      if (window) {
        window.count += 1;
        return;
      }
      sweep();
      windows.set(key, { count: 1, resetAt: now().getTime() + windowMs });
    },

    /**
     * Counts one attempt if the key is under its limit: 0 when it was counted, else the
     * seconds to wait.
     */
    take(key: string): number {
      const wait = this.retryAfter(key);
      if (wait === 0) this.hit(key);
      return wait;
    },

    reset(key: string): void {
      windows.delete(key);
    },
  };
}

export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
