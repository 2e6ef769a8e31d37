import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's Prometheus metrics (GET /metrics): one registry per app, never prom-client's
     * global one, so the many apps a test run builds never share a series.
     */
    metrics: {
      registry: Registry;
      /** Seconds from a chat request's arrival to its reply's first text, per model. */
      chatFirstToken: Histogram<'model'>;
      /** The Prometheus text of the process's metrics and the app's. */
      scrape(): Promise<string>;
    };
  }
}

let processRegistry: Registry | undefined;

/**
 * CPU, memory, event-loop lag, GC and handles belong to the process, not to an app: collected
 * once per process (a test run builds hundreds of apps; each collector would add a GC observer).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Where replies are counted: the buckets of a request and of a first token, in seconds. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const firstTokenBuckets = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];

export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: requestBuckets,
      registers: [registry],
    });
    new Gauge({
      name: 'sse_streams_active',
      help: 'Server-sent event streams open now (chat replies, job progress)',
      registers: [registry],
      collect() {
        this.set(app.eventStreams.open);
      },
    });
    const chatFirstToken = new Histogram({
      name: 'chat_time_to_first_token_seconds',
      help: "Time from a chat request's arrival to its reply's first text, by model",
      labelNames: ['model'] as const,
      buckets: firstTokenBuckets,
      registers: [registry],
    });

    // The queue as the scrape finds it (with Redis: every process's jobs, read from Redis).
    new Gauge({
      name: 'jobs',
      help: 'Jobs in the queue now, by kind and state (waiting, active, failed, completed)',
      labelNames: ['kind', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const [kind, counts] of Object.entries(await app.jobs.counts())) {
          for (const [state, count] of Object.entries(counts)) this.set({ kind, state }, count);
        }
      },
    });
    const jobFailures = new Counter({
      name: 'job_failures_total',
      help: 'Jobs that ended in the failed set (retries spent or poisoned) in this process, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    const stopCountingFailures = app.jobs.onFailed((job) => jobFailures.inc({ kind: job.kind }));
    app.addHook('onClose', async () => stopCountingFailures());

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern (/api/chat/conversations/:id), never the URL: one series per route.
      // Requests no route took (the SPA's pages, 404s) share one label.
      const route = request.routeOptions.url ?? 'unmatched';
      requestDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.decorate('metrics', {
      registry,
      chatFirstToken,
      async scrape() {
        return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
      },
    });
  },
  { name: 'metrics', dependencies: ['event-streams', 'jobs'] },
);
