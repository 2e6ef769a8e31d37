import type { EntitlementTier, PlanEntitlements, PricingResponse } from '@studio/contracts';
import type { TFunction } from 'i18next';
import { entitlementLines } from '../../billing/entitlements';

/**
 * What a plan card in the upgrade modal lists: the same lines, in the same words, as the cards on
 * /plans and the membership page (entitlementLines, from the server's entitlements), so the two
 * never describe one plan differently; general lines until pricing arrives or when it failed.
 */
export function planFeatures(
  tier: EntitlementTier,
  pricing: PricingResponse | null,
  texts: { payments: TFunction; billing: TFunction },
  formatNumber: (value: number) => string,
): string[] {
  const entitlements: PlanEntitlements | undefined = pricing?.entitlements[tier];
  if (!entitlements) {
    return [1, 2, 3].map((line) => texts.payments(`plan.fallbackFeatures.${tier}.${line}`));
  }
  return entitlementLines(entitlements, texts.billing, formatNumber);
}
