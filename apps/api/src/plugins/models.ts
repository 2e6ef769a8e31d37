import fp from 'fastify-plugin';
import type { FetchFunction } from '../domains/models/registry.ts';
import { createModelRegistry } from '../domains/models/registry.ts';
import { sandboxModelsPath } from '../domains/models/models-config.ts';

/** Whether a raw request URL is the sandbox model server's: the mount path or anything below. */
export function isSandboxModelsUrl(url: string): boolean {
  return (
    url === sandboxModelsPath ||
    url.startsWith(`${sandboxModelsPath}/`) ||
    url.startsWith(`${sandboxModelsPath}?`)
  );
}

/**
 * Decorates the app with the model registry (`app.models`) built from CHAT_MODELS.
 *
 * When a sandbox model is configured (the default outside production), apps/sandbox is imported
 * (only then, so a real deployment never loads it): the registry talks to its model server
 * in-process, and the same server is mounted at /sandbox/models/v1 so any OpenAI-compatible
 * client can be pointed at it. Like the sandbox identity provider, its requests are taken over
 * in an onRequest hook before CSRF, rate limits and body parsing: it is a separate service with
 * its own wire format (OpenAI error bodies), and it holds nothing worth protecting. Register
 * this plugin before those plugins.
 */
export const modelsPlugin = fp(
  async (app) => {
    const settings = app.config.models;
    let sandboxFetch: FetchFunction | undefined;
    if (settings.usesSandbox) {
      const { createSandboxModelHandler, sandboxModelFetch } = await import('@studio/sandbox');
      sandboxFetch = sandboxModelFetch();
      const handler = createSandboxModelHandler({ basePath: sandboxModelsPath });
      app.addHook('onRequest', (request, reply, done) => {
        if (!isSandboxModelsUrl(request.raw.url ?? '')) {
          done();
          return;
        }
        reply.hijack();
        handler(request.raw, reply.raw);
        // A hijacked reply ends the lifecycle here: no later hook, parser or handler runs.
        done();
      });
    }
    app.decorate('models', createModelRegistry(settings, sandboxFetch ? { sandboxFetch } : {}));
  },
  { name: 'models', dependencies: ['config'] },
);
