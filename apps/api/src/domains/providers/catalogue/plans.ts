import type { ModelPlan } from '@studio/contracts';

/**
 * Which plan a model needs: every modality's catalogue ranks plans the same way. Which plan a
 * caller is on is billing's to say (`planOf`, domains/billing/entitlements.ts).
 */

const rank: Record<ModelPlan, number> = { free: 0, pro: 1, godmode: 2 };

/** free < pro < godmode: a plan may use every model of its rank or below. */
export function canUse(userPlan: ModelPlan, modelPlan: ModelPlan): boolean {
  return rank[userPlan] >= rank[modelPlan];
}
