import fp from 'fastify-plugin';

export interface ReadinessResult {
  name: string;
  ok: boolean;
  /** Why it failed (a short message, never a secret). */
  error?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What `GET /api/health/ready` checks: each outside system a plugin opened (database, Redis,
     * object store) adds its own check, so the route knows none of them.
     */
    readiness: {
      add(name: string, check: () => Promise<void>): void;
      run(timeoutMs?: number): Promise<ReadinessResult[]>;
      /** True once the server has begun to shut down: the probe then answers 503 at once. */
      readonly draining: boolean;
      /** Called on SIGTERM (server.ts), before the server stops accepting connections. */
      startDraining(): void;
    };
  }
}

function withTimeout(check: () => Promise<void>, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
    check()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/** The registry of readiness checks. */
export const readinessPlugin = fp(
  async (app) => {
    const checks = new Map<string, () => Promise<void>>();
    let draining = false;
    app.decorate('readiness', {
      get draining() {
        return draining;
      },
      startDraining() {
        draining = true;
      },
      add(name, check) {
        if (checks.has(name)) throw new Error(`readiness check "${name}" is already registered`);
        checks.set(name, check);
      },
      async run(timeoutMs = 2000) {
        return Promise.all(
          [...checks].map(async ([name, check]): Promise<ReadinessResult> => {
            try {
              await withTimeout(check, timeoutMs);
              return { name, ok: true };
            } catch (error) {
              return {
                name,
                ok: false,
                error: error instanceof Error ? error.message : String(error),
              };
            }
          }),
        );
      },
    });
  },
  { name: 'readiness' },
);
