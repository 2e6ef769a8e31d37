import type { FastifyBaseLogger } from 'fastify';

/**
 * A warning that repeats for as long as an outage lasts (every reconnection attempt of every
 * Redis connection, every queue poll) logged once per interval: the first at once, the rest
 * counted and reported with the next (`repeated`). Without it, a Redis restart wrote several
 * lines a second per process, hiding whatever else happened meanwhile.
 */
export function throttledWarning(
  log: FastifyBaseLogger,
  message: string,
  intervalMs = 30_000,
  now: () => number = Date.now,
) {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let repeated = 0;
  return (error: unknown) => {
    const at = now();
    if (at - lastLogged < intervalMs) {
      repeated += 1;
      return;
    }
    log.warn({ err: error, ...(repeated > 0 ? { repeated } : {}) }, message);
    lastLogged = at;
    repeated = 0;
  };
}
