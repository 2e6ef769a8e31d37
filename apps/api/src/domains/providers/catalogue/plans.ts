import type { ModelPlan } from '@studio/contracts';
import { tierOf } from '../billing/entitlements.ts';
import type { User } from '../users/user.ts';

/** Which models a caller may use: the model plan is the caller's tier (domains/billing). */

const rank: Record<ModelPlan, number> = { free: 0, pro: 1, godmode: 2 };

/** A visitor (null) and a free account get 'free'; paid Pro 'pro'; Pro with GodMode 'godmode'. */
export function planOf(user: User | null, now: Date = new Date()): ModelPlan {
  return tierOf(user, now);
}

/** free < pro < godmode: a plan may use every model of its rank or below. */
export function canUse(userPlan: ModelPlan, modelPlan: ModelPlan): boolean {
  return rank[userPlan] >= rank[modelPlan];
}
