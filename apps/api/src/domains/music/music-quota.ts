import { createPlanQuota } from '../usage/plan-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { MusicPlanLimits } from './music-config.ts';

/**
 * Daily music quotas: one unit per second of music made and UTC day, per user, or per visitor
 * key with a ceiling per visitor address (see createPlanQuota); the 429 body is every tool's
 * quota shape with the music tool's word.
 */
export function createMusicQuota(deps: {
  counter: QuotaCounter;
  limits: MusicPlanLimits;
  /** MUSIC_DAILY_SECONDS_PER_ADDRESS: what all keyed visitors behind one address share. */
  addressCeiling: number;
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'music', noun: 'seconds of music' });
}

export type MusicQuota = ReturnType<typeof createMusicQuota>;
