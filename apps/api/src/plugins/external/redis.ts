import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';
import { throttledWarning } from '../../log-throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The shared Redis when REDIS_URL is set, else null (one process, everything in memory).
     * `client` is for ordinary commands; `connect()` opens another connection for what blocks
     * or subscribes (BullMQ workers, pub/sub), closed with the app.
     */
    redis: { client: Redis; keyPrefix: string; connect(options?: RedisOptions): Redis } | null;
  }
}

/** Opens the Redis connection when configured, checks it answers, and closes it with the app. */
export const redisPlugin = fp(
  async (app) => {
    const settings = app.config.redis;
    if (!settings) {
      app.decorate('redis', null);
      return;
    }
    const opened: Redis[] = [];
    // Every connection fails at each reconnection attempt while Redis is away: one line per
    // 30 s for all of them says so.
    const connectionError = throttledWarning(app.log, 'redis connection error');
    const connect = (options: RedisOptions = {}) => {
      // BullMQ requires maxRetriesPerRequest null on its connections; harmless for the others.
      const connection = new Redis(settings.url, { maxRetriesPerRequest: null, ...options });
      connection.on('error', connectionError);
      opened.push(connection);
      // Short-lived connections (a follower's blocking read) leave the list when they end.
      connection.once('end', () => {
        const index = opened.indexOf(connection);
        if (index !== -1) opened.splice(index, 1);
      });
      return connection;
    };
    const client = connect({ maxRetriesPerRequest: 2 });
    try {
      await client.ping();
    } catch (error) {
      await Promise.allSettled(opened.map((connection) => connection.quit()));
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Redis at ${new URL(settings.url).host} is not reachable: ${reason}`, {
        cause: error,
      });
    }
    app.decorate('redis', { client, keyPrefix: settings.keyPrefix, connect });
    app.readiness.add('redis', async () => {
      await client.ping();
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled(opened.map((connection) => connection.quit()));
    });
  },
  { name: 'redis', dependencies: ['config', 'readiness'] },
);
