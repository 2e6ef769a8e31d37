import type { ModelPlan } from '@studio/contracts';
import { type CatalogueEntry, createModelCatalogue } from '../catalogue/model-catalogue.ts';
import type { CataloguePart } from '../catalogue/provider-catalogue.ts';
import {
  type MusicEngine,
  MusicError,
  type MusicGenerateRequest,
  type MusicModelInfo,
} from './music-engine.ts';

export interface MusicRegistryOptions {
  /**
   * The plan every provider's cloud AI model needs (MUSIC_CLOUD_PLAN): they cost per second, the
   * offline composer only CPU time. Omitted: each engine's own plan stands.
   */
  cloudPlan?: ModelPlan;
}

/** Every engine's models as one engine, with the catalogue's part and the default model. */
export interface MusicRegistry extends MusicEngine {
  /** The music models' part of the provider catalogue (the plugin adds it). */
  readonly catalogue: CataloguePart;
  /** A model by its full id (`composer:arranger`), or null. */
  find(id: string): MusicModelInfo | null;
  /** The model a request without one gets: the offline composer's first, else the first. */
  defaultModel(): string | null;
}

/** The provider a model id names (`composer:arranger` → `composer`), or null without one. */
export function providerOf(id: string): string | null {
  const colon = id.indexOf(':');
  return colon > 0 ? id.slice(0, colon) : null;
}

/**
 * A registry over several music engines that is itself one: `models()` lists every engine's
 * (the first engine's first, as given; a model id listed twice belongs to the first engine that
 * lists it), and `generate()` hands the request to the engine whose provider prefixes the model
 * id, with the model's own name (the part after `<provider>:`). With no engines it lists nothing
 * and every request fails as "music is turned off" (the tool says so, it never fakes music).
 */
export function createMusicRegistry(
  engines: readonly MusicEngine[],
  options: MusicRegistryOptions = {},
): MusicRegistry {
  const owners = new Map<string, { engine: MusicEngine; model: MusicModelInfo }>();
  for (const engine of engines) {
    for (const listed of engine.models()) {
      if (owners.has(listed.id) || providerOf(listed.id) !== engine.provider) continue;
      const model =
        options.cloudPlan && listed.quality === 'cloud-ai'
          ? { ...listed, plan: options.cloudPlan }
          : listed;
      owners.set(listed.id, { engine, model });
    }
  }
  const models = [...owners.values()].map(({ model }) => model);
  const part = createModelCatalogue('music', models);
  const catalogue: CataloguePart = {
    modality: 'music',
    // A music model says itself whether it is a sandbox stand-in (no provider is named `sandbox`).
    entries: (): CatalogueEntry[] =>
      part.entries().map((entry) => ({
        ...entry,
        sandbox: owners.get(entry.id)?.model.sandbox ?? false,
      })),
  };

  return {
    provider: engines[0]?.provider ?? 'composer',
    models: () => models.map((model) => ({ ...model, capabilities: [...model.capabilities] })),
    catalogue,
    find: (id) => owners.get(id)?.model ?? null,
    defaultModel: () =>
      (models.find((model) => model.quality === 'offline-composer') ?? models[0])?.id ?? null,
    async generate(request: MusicGenerateRequest) {
      const owner = owners.get(request.model);
      if (!owner) {
        throw new MusicError(
          engines.length === 0
            ? 'Music is turned off on this server.'
            : `No music model ${request.model} on this server.`,
          { failure: { kind: 'engine', status: null, retryAfterSeconds: null } },
        );
      }
      const { engine } = owner;
      try {
        return await engine.generate({
          ...request,
          model: request.model.slice(engine.provider.length + 1),
        });
      } catch (error) {
        if (error instanceof MusicError) error.model ??= request.model;
        throw error;
      }
    },
    async close() {
      await Promise.all(engines.map((engine) => engine.close?.()));
    },
  };
}
