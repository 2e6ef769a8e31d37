import type { ModelPlan } from '@studio/contracts';
import { canUse } from './plans.ts';

/** A configured model of any tool (chat, images…) as users see it listed. */
export interface CatalogueModel<Provider extends string, Capability extends string> {
  id: string;
  name: string;
  provider: Provider;
  capabilities: readonly Capability[];
  plan: ModelPlan;
}

/**
 * The part every tool's model registry shares: its configured models in configuration order,
 * by id, as a plan sees them (locked above it), the first one a plan may use, and whether only
 * sandbox stand-ins are configured. The chat's and the image tools' registries add their
 * providers' calls to it.
 */
export function createModelCatalogue<Provider extends string, Capability extends string>(
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
  return {
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
    sandboxOnly: registered.length > 0 && registered.every((model) => model.provider === 'sandbox'),
  };
}
