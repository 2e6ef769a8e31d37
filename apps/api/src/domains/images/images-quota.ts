import { createPlanQuota } from '../usage/plan-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { ImageDailyLimits } from './images-config.ts';

/**
 * Daily image quotas: one unit per image asked for (each variant) and UTC day, per user, or per
 * visitor key with a ceiling per visitor address (see createPlanQuota); the 429 body is every
 * tool's quota shape with the image words.
 */
export function createImagesQuota(deps: {
  counter: QuotaCounter;
  limits: ImageDailyLimits;
  /** IMAGE_DAILY_LIMIT_PER_ADDRESS: what all keyed visitors behind one address share. */
  addressCeiling: number;
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'images', noun: 'images' });
}

export type ImagesQuota = ReturnType<typeof createImagesQuota>;
