import type { EntitlementTier, PlanEntitlements, PricingResponse } from '@studio/contracts';
import type { TFunction } from 'i18next';

/**
 * What a plan card lists: read from the server's entitlements (GET /api/pricing) so the cards
 * say what the server enforces; general lines until pricing arrives or when it failed.
 */
export function planFeatures(
  tier: EntitlementTier,
  pricing: PricingResponse | null,
  t: TFunction,
  formatNumber: (value: number) => string,
): string[] {
  const entitlements: PlanEntitlements | undefined = pricing?.entitlements[tier];
  if (!entitlements) {
    return [1, 2, 3].map((line) => t(`plan.fallbackFeatures.${tier}.${line}`));
  }
  const features = [
    t('plan.features.messages', { messages: formatNumber(entitlements.dailyMessages) }),
    ...(entitlements.dailyImages > 0
      ? [t('plan.features.images', { images: formatNumber(entitlements.dailyImages) })]
      : []),
    t(`plan.features.models.${entitlements.models}`),
    t('plan.features.shares', {
      links: formatNumber(entitlements.activeShareLinks),
      days: formatNumber(entitlements.shareLinkMaxDays),
    }),
  ];
  if (entitlements.spokenReplies) features.push(t('plan.features.spoken'));
  return features;
}
