import { createPlanQuota } from '../chat/quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { ImageCaller } from './image-caller.ts';
import type { ImageDailyLimits } from './images-config.ts';

/**
 * Daily image quotas: one unit per image asked for (each variant), per user or visitor address
 * and UTC day; the 429 body is the chat's quota shape with the image words.
 */
export function createImagesQuota(deps: {
  counter: QuotaCounter;
  limits: ImageDailyLimits;
  now: () => Date;
}) {
  return createPlanQuota<ImageCaller>({ ...deps, meter: 'images', noun: 'images' });
}

export type ImagesQuota = ReturnType<typeof createImagesQuota>;
