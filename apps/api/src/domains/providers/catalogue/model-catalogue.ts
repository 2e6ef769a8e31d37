import type { ModelPlan } from '@studio/contracts';
import { canUse } from './plans.ts';

/**
 * What a model is for; each modality has its adapter (providers/text, image, speech,
 * transcription). A new one ('music', 'document') is a word here and a folder beside them.
 */
export type Modality = 'text' | 'image' | 'speech' | 'transcription' | 'music';

/** A configured model of any tool (chat, images…) as users see it listed. */
export interface CatalogueModel<Provider extends string, Capability extends string> {
  id: string;
  name: string;
  provider: Provider;
  capabilities: readonly Capability[];
  plan: ModelPlan;
}

/** One configured model of any modality, as the whole catalogue lists it. */
export interface CatalogueEntry extends CatalogueModel<string, string> {
  modality: Modality;
  /** A stand-in from packages/sandbox (no outside service), not a real provider. */
  sandbox: boolean;
}

/** Whether models are configured and every one is a sandbox stand-in (the pages say so). */
export function onlySandbox(entries: readonly Pick<CatalogueEntry, 'sandbox'>[]): boolean {
  return entries.length > 0 && entries.every((entry) => entry.sandbox);
}

/**
 * One modality's part of the catalogue: its configured models in configuration order, by id, as
 * a plan sees them (locked above it), the first one a plan may use, and whether only sandbox
 * stand-ins are configured. Each modality's registry (the chat's, the image tools', spoken
 * replies') is built on one and adds its adapter's calls; the whole catalogue
 * (provider-catalogue.ts) joins their `entries()`.
 */
export function createModelCatalogue<Provider extends string, Capability extends string>(
  modality: Modality,
  definitions: readonly CatalogueModel<Provider, Capability>[],
) {
  const registered = definitions.map(({ id, name, provider, capabilities, plan }) => ({
    id,
    name,
    provider,
    capabilities: [...capabilities],
    plan,
  }));
  const byId = new Map(registered.map((model) => [model.id, model]));
  const entries = (): CatalogueEntry[] =>
    registered.map((model) => ({
      ...model,
      capabilities: [...model.capabilities],
      modality,
      // In every modality, a sandbox stand-in is the provider named `sandbox`.
      sandbox: model.provider === 'sandbox',
    }));
  return {
    modality,
    all: () => registered,
    get: (id: string) => byId.get(id),
    forPlan: (plan: ModelPlan) =>
      registered.map((model) => ({
        ...model,
        capabilities: [...model.capabilities],
        available: canUse(plan, model.plan),
      })),
    /** The first model the plan may use that `fits`, or null. */
    firstFor: (
      plan: ModelPlan,
      fits: (model: CatalogueModel<Provider, Capability>) => boolean = () => true,
    ) => registered.find((model) => fits(model) && canUse(plan, model.plan))?.id ?? null,
    sandboxOnly: onlySandbox(entries()),
    entries,
  };
}
