import { createPlanQuota } from '../usage/plan-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import type { OfficePlanLimits } from './office-config.ts';

/**
 * Daily page quotas: one unit per part read (a PDF's page, a sheet, a slide, a section) and UTC
 * day, per user, or per visitor key with a ceiling per visitor address (createPlanQuota); the
 * 429 body is every tool's quota shape with the office tools' word.
 */
export function createOfficeQuota(deps: {
  counter: QuotaCounter;
  limits: OfficePlanLimits;
  /** OFFICE_DAILY_PAGES_PER_ADDRESS: what all keyed visitors behind one address share. */
  addressCeiling: number;
  now: () => Date;
}) {
  return createPlanQuota({ ...deps, meter: 'pages', noun: 'pages' });
}

export type OfficeQuota = ReturnType<typeof createOfficeQuota>;
