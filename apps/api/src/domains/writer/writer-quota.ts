import { createPlanQuota } from '../usage/plan-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { WriterPlanLimits } from './writer-config.ts';

/**
 * Daily writing quotas: one unit per generation or transform and UTC day, per user, or per
 * visitor key with a ceiling per visitor address (createPlanQuota); the 429 body is every tool's
 * quota shape with the writer's word.
 */
export function createWriterQuota(deps: {
  counter: QuotaCounter;
  limits: WriterPlanLimits;
  /** WRITER_DAILY_GENERATIONS_PER_ADDRESS: what all keyed visitors behind one address share. */
  addressCeiling: number;
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'writing', noun: 'pieces of writing' });
}

export type WriterQuota = ReturnType<typeof createWriterQuota>;
