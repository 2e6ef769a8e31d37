import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FetchFunction, LocalModelEngine } from '../../domains/providers/index.ts';
import type { ModelDefinition } from '../../domains/models/models-config.ts';
import { sandboxModelsPath } from '../../domains/models/models-config.ts';
import { createModelRegistry } from '../../domains/models/registry.ts';
import { mountNodeHandler } from '../../http/mount-node-handler.ts';

const megabytes = (bytes: number) => Math.max(1, Math.round(bytes / (1024 * 1024)));

/**
 * The embedded engine for the configured local models (only imported then, like the sandbox:
 * node-llama-cpp's native runtime is not loaded by apps that never use it). The default local
 * model is named from its GGUF metadata; it is loaded at start-up when configured to (one log
 * line says what is loaded and how much memory it holds) and freed when the app closes.
 */
async function startLocalEngine(
  app: FastifyInstance,
  models: ModelDefinition[],
): Promise<{ engine: LocalModelEngine; models: ModelDefinition[] }> {
  const { createLocalModelEngine } = await import('../../domains/providers/text/local/engine.ts');
  const first = models.find((model) => model.provider === 'local');
  const settings = app.config.localModel;
  const engine = createLocalModelEngine({ ...settings, file: first?.model ?? settings.file });
  const named = await Promise.all(
    models.map(async (model) => {
      if (model.provider !== 'local' || !model.nameFromMetadata) return model;
      try {
        return { ...model, name: (await engine.describe(model.model)).name };
      } catch (error) {
        app.log.warn(
          { err: error, file: model.model },
          'Local model: cannot read its GGUF metadata',
        );
        return model;
      }
    }),
  );
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    await engine.dispose();
  });
  if (settings.preload && first) {
    app.addHook('onReady', async () => {
      // In the background: the API answers (health says "loading") while a large model loads.
      engine.load(first.model).then(
        (loaded) =>
          app.log.info(
            { file: loaded.file, memoryBytes: loaded.memoryBytes, contextSize: loaded.contextSize },
            `Local model: ${loaded.name} (${loaded.file}) loaded, ${megabytes(loaded.memoryBytes)} MB`,
          ),
        (error: unknown) => {
          // A load cut short by the app closing is not a failure worth reporting.
          if (closed) return;
          const reason = error instanceof Error ? error.message : String(error);
          app.log.error(
            { err: error, file: first.model },
            `Local model: ${path.basename(first.model)} failed to load: ${reason}`,
          );
        },
      );
    });
  }
  return { engine, models: named };
}

/**
 * Decorates the app with the model registry (`app.models`) built from CHAT_MODELS (or the
 * default order: an installed local model, else the sandbox) and the local engine
 * (`app.localModel`), and adds the text models to the provider layer's catalogue.
 *
 * When a sandbox model is configured (the default outside production), packages/sandbox is imported
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
      mountNodeHandler(app, sandboxModelsPath, handler);
    }
    let localModel: LocalModelEngine | null = null;
    let definitions = settings.models;
    if (settings.usesLocal) {
      const local = await startLocalEngine(app, settings.models);
      localModel = local.engine;
      definitions = local.models;
    }
    app.decorate('localModel', localModel);
    const registry = createModelRegistry(
      { ...settings, models: definitions },
      {
        ...(sandboxFetch ? { sandboxFetch } : {}),
        ...(localModel ? { localEngine: localModel } : {}),
      },
    );
    app.decorate('models', registry);
    app.providers.catalogue.add(registry.catalogue);
  },
  { name: 'models', dependencies: ['config', 'providers'] },
);
