import { createPlanQuota } from '../usage/plan-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { VisionPlanLimits } from './vision-config.ts';

/**
 * Daily vision quotas: one unit per picture read and UTC day, per user, or per visitor key with
 * a ceiling per visitor address (see createPlanQuota); the 429 body is every tool's quota shape.
 */
export function createVisionQuota(deps: {
  counter: QuotaCounter;
  limits: VisionPlanLimits;
  /** VISION_DAILY_READS_PER_ADDRESS: what all keyed visitors behind one address share. */
  addressCeiling: number;
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'vision', noun: 'pictures read' });
}

export type VisionQuota = ReturnType<typeof createVisionQuota>;
