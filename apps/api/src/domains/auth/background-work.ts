import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the response has gone (register, request-code, reset): issuing a code, hashing
 * a password, finding the account, then queueing the `mail.send` job, so the answer takes the
 * same time whether or not the address has an account. The delivery itself, with its retries,
 * is the job's. Failures are logged; `idle()` lets the app's shutdown (and tests) wait for what
 * is still running.
 */
export function createBackgroundWork(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(task: string, work: () => Promise<void>): void {
      const running: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error: unknown) => log.error({ err: error, task }, 'background task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },

    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
