import { createPlanQuota } from '../usage/plan-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { ChatConfig } from './chat-config.ts';

export { utcDay, type QuotaUnit } from '../usage/daily-quota.ts';

/**
 * Daily message quotas per user, or per visitor address (the chat has no per-address ceiling:
 * a visitor's messages count by their hashed address alone), and UTC day.
 */
export function createQuota(deps: {
  counter: QuotaCounter;
  limits: ChatConfig['dailyLimits'];
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'chat', noun: 'messages' });
}

export type Quota = ReturnType<typeof createQuota>;
