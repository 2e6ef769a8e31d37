import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Makes the validated configuration available to every plugin and route as `app.config`. */
export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
