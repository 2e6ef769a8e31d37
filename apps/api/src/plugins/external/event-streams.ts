import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The server-sent event streams open now (chat replies, job progress): counted by the
     * metrics, and ended by a shutdown whose grace period is over (server.ts).
     */
    eventStreams: {
      /** http/event-stream.ts hands each stream it opens here; it leaves by itself on close. */
      track(response: ServerResponse): void;
      readonly open: number;
      /** Ends every stream still open (the client sees the stream end and may retry). */
      endAll(): void;
    };
  }
}

export const eventStreamsPlugin = fp(
  async (app) => {
    const open = new Set<ServerResponse>();
    app.decorate('eventStreams', {
      track(response) {
        open.add(response);
        response.on('close', () => open.delete(response));
      },
      get open() {
        return open.size;
      },
      endAll() {
        for (const response of open) response.end();
      },
    });
  },
  { name: 'event-streams' },
);
