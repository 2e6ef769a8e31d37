import type { ModelPlan } from '@studio/contracts';
import type { User } from '../users/user.ts';

/**
 * Which models a caller may use. Plans arrive with the payments issue; until then every
 * account is on the free plan unless its subscription tier already says pro.
 */

const rank: Record<ModelPlan, number> = { free: 0, pro: 1, godmode: 2 };

/** A visitor (null) and a free account get 'free'. */
export function planOf(user: User | null): ModelPlan {
  return user?.subscriptionTier === 'pro' ? 'pro' : 'free';
}

/** free < pro < godmode: a plan may use every model of its rank or below. */
export function canUse(userPlan: ModelPlan, modelPlan: ModelPlan): boolean {
  return rank[userPlan] >= rank[modelPlan];
}
