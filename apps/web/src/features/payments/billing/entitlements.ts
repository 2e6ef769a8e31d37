import type { PlanEntitlements } from '@studio/contracts';
import type { TFunction } from 'i18next';

/**
 * What a plan unlocks, line by line, from the server's entitlements (the single definition the
 * API enforces), so a card never promises more than the server grants.
 */
export function entitlementLines(
  entitlements: PlanEntitlements,
  t: TFunction,
  formatNumber: (value: number) => string,
): string[] {
  return [
    t(`entitlements.models.${entitlements.models}`),
    t('entitlements.dailyMessages', { number: formatNumber(entitlements.dailyMessages) }),
    entitlements.dailyImages > 0
      ? t('entitlements.dailyImages', { number: formatNumber(entitlements.dailyImages) })
      : t('entitlements.noImages'),
    // Said in words either way: a missing feature is not conveyed by a missing line alone.
    t(entitlements.spokenReplies ? 'entitlements.spokenReplies' : 'entitlements.noSpokenReplies'),
    t('entitlements.shareLinks', {
      number: formatNumber(entitlements.activeShareLinks),
      days: formatNumber(entitlements.shareLinkMaxDays),
    }),
  ];
}

/** Whole numbers the way the interface language writes them (2,000 / 2.000). */
export function numberFormatter(language: string): (value: number) => string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return (value) => format.format(value);
}
