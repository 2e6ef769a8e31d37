import { createPlanQuota } from '../usage/plan-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { VoicePlanLimits } from './voice-config.ts';

/**
 * Daily speech quotas: one unit per character of text and UTC day, per user, or per visitor key
 * with a ceiling per visitor address (see createPlanQuota); the 429 body is every tool's quota
 * shape with the voice tool's word.
 */
export function createVoiceQuota(deps: {
  counter: QuotaCounter;
  limits: VoicePlanLimits;
  /** VOICE_DAILY_LIMIT_PER_ADDRESS: what all keyed visitors behind one address share. */
  addressCeiling: number;
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'speech', noun: 'characters of speech' });
}

export type VoiceQuota = ReturnType<typeof createVoiceQuota>;
