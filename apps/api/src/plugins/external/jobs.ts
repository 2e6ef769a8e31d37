import fp from 'fastify-plugin';
import { throttledWarning } from '../../log-throttle.ts';
import { createBullmqQueue } from '../../jobs/bullmq-queue.ts';
import { createInProcessQueue } from '../../jobs/in-process-queue.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one job queue: domain plugins `define` their kinds while registering, routes and
     * services `enqueue`. BullMQ on Redis when REDIS_URL is set, in this process otherwise.
     */
    jobs: JobQueue;
  }
}

/**
 * Opens the job queue. It starts taking work once the app is ready (every kind is defined by
 * then) and, on close, stops before the database and Redis close: running jobs get
 * SHUTDOWN_GRACE_SECONDS, then go back to the queue for another process.
 */
export const jobsPlugin = fp(
  async (app) => {
    const { jobs, shutdownGraceMs } = app.config;
    const settings = { concurrency: jobs.concurrency, worker: jobs.worker };
    const queue = app.redis
      ? createBullmqQueue({
          ...settings,
          redis: app.redis,
          workerName: app.config.instanceName,
          lockDurationMs: jobs.lockMs,
          stalledIntervalMs: jobs.lockMs,
          // BullMQ reports each failed poll while Redis is away: once per 30 s says so.
          onError: throttledWarning(app.log, 'job queue error'),
        })
      : createInProcessQueue(settings);
    if (!jobs.worker && !app.redis) {
      app.log.warn('JOBS_WORKER=false without REDIS_URL: no process will run the jobs queued here');
    }
    app.decorate('jobs', queue);
    queue.onFailed((job) =>
      app.log.error({ jobId: job.id, kind: job.kind, error: job.error }, 'job failed'),
    );
    app.addHook('onReady', () => queue.start());
    // Only once the replies in flight are done: a request still answering may queue work (a
    // sign-in code's mail), and the in-process queue has no other process to hand it to.
    app.addHook('onClose', () => queue.stop(shutdownGraceMs));
  },
  { name: 'jobs', dependencies: ['config', 'redis', 'database'] },
);
