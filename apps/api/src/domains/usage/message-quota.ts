import type { EntitlementTier } from '@studio/contracts';
import { createPlanQuota } from './plan-quota.ts';
import type { QuotaCounter } from './quota-counter.ts';

export { utcDay, type QuotaUnit } from './daily-quota.ts';

/**
 * The chat's daily message quota (the `chat` meter), which every answer from the text models
 * counts against, whichever tool asks (the chat, the rewriter, vision's and the office tools'
 * answers): per user, or per visitor address (the chat has no per-address ceiling:
 * a visitor's messages count by their hashed address alone), and UTC day.
 */
export function createQuota(deps: {
  counter: QuotaCounter;
  limits: Record<'visitor' | EntitlementTier, number>;
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'chat', noun: 'messages' });
}

export type Quota = ReturnType<typeof createQuota>;
