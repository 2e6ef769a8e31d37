import fp from 'fastify-plugin';
import { createMemoryLiveLogs, type LiveLogs } from '../../live/live-logs.ts';
import { createRedisLiveLogs } from '../../live/redis-live-logs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The live logs of work written while people watch it (chat replies): followed and stopped
     * from any instance through Redis when REDIS_URL is set, in this process otherwise.
     */
    liveLogs: LiveLogs;
  }
}

/** Tests: quicker heartbeats, so a killed writer is noticed in a second, not twelve. */
export interface LiveLogsPluginOptions {
  heartbeatMs?: number;
  staleMs?: number;
  blockMs?: number;
}

/**
 * Opens the live logs. On close (server.ts's shutdown), the runs still being written here get
 * the shutdown's grace period to end by themselves; those left are aborted, and each writes its
 * last event (a reply saved as interrupted) before Redis and the database close.
 */
export const liveLogsPlugin = fp<LiveLogsPluginOptions>(
  async (app, options) => {
    const logs = app.redis
      ? createRedisLiveLogs({
          client: app.redis.client,
          connect: app.redis.connect,
          keyPrefix: app.redis.keyPrefix,
          instance: app.config.instanceName,
          log: app.log,
          ...options,
        })
      : createMemoryLiveLogs();
    app.decorate('liveLogs', logs);
    // preClose: before the server waits for its connections, so the streams following these
    // runs get their last event and end, and the connections can close.
    app.addHook('preClose', async () => {
      if (logs.localRuns > 0) {
        app.log.info({ runs: logs.localRuns }, 'live logs: waiting for the runs written here');
      }
      await logs.abortAll('shutdown', app.config.shutdownGraceMs);
    });
    app.addHook('onClose', async () => {
      // One started while the others ended (the server took requests until it closed).
      await logs.abortAll('shutdown', 0);
      await logs.close();
    });
  },
  { name: 'live-logs', dependencies: ['config', 'redis'] },
);
