import { createPlanQuota } from '../usage/plan-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { DictationLimits } from './dictation-config.ts';

/**
 * Dictation's daily allowance: one unit per second of recording (rounded up) and UTC day, per
 * user, or per visitor key with a ceiling per visitor address (see createPlanQuota). A
 * recording's seconds are taken at once before an engine hears it, and given back when it fails.
 */
export function createDictationQuota(deps: {
  counter: QuotaCounter;
  limits: DictationLimits['dailySeconds'];
  /** DICTATION_DAILY_SECONDS_PER_ADDRESS: what all keyed visitors behind one address share. */
  addressCeiling: number;
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'transcription', noun: 'seconds of dictation' });
}

export type DictationQuota = ReturnType<typeof createDictationQuota>;
