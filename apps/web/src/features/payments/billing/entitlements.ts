import type { DailyAllowances, PlanEntitlements } from '@studio/contracts';
import { openToolMeters, type ToolMeter } from '@studio/contracts/tools';
import type { TFunction } from 'i18next';
import { listFormatter } from '../../../lib/listFormat';

/** Meters counted in seconds and said in whole minutes: dictation, and the music made. */
const countedInSeconds: readonly ToolMeter[] = ['transcription', 'music'];

/**
 * A meter's units as its texts count them: seconds are said in whole minutes (at least one, so a
 * small allowance is not read as none).
 */
function shownAmount(meter: ToolMeter, units: number): number {
  return countedInSeconds.includes(meter) && units > 0
    ? Math.max(1, Math.floor(units / 60))
    : units;
}

/**
 * One meter's line on a plan card, from its own entry under entitlements.meters (billing.json):
 * its allowance a day, or that the plan has none of it.
 */
function dailyLine(
  meter: ToolMeter,
  units: number,
  t: TFunction,
  formatNumber: (value: number) => string,
): string {
  return units > 0
    ? t(`entitlements.meters.${meter}.daily`, {
        number: formatNumber(shownAmount(meter, units)),
      })
    : t(`entitlements.meters.${meter}.none`);
}

/**
 * What a plan unlocks, line by line, from the server's entitlements (the single definition the
 * API enforces), so a card never promises more than the server grants. Each open tool's meter
 * has its line, in the tool manifest's order (@studio/contracts/tools).
 */
export function entitlementLines(
  entitlements: PlanEntitlements,
  t: TFunction,
  formatNumber: (value: number) => string,
): string[] {
  return [
    t(`entitlements.models.${entitlements.models}`),
    ...openToolMeters.map((meter) => dailyLine(meter, entitlements.daily[meter], t, formatNumber)),
    // Said in words either way: a missing feature is not conveyed by a missing line alone.
    t(entitlements.spokenReplies ? 'entitlements.spokenReplies' : 'entitlements.noSpokenReplies'),
    t('entitlements.shareLinks', {
      number: formatNumber(entitlements.activeShareLinks),
      days: formatNumber(entitlements.shareLinkMaxDays),
    }),
  ];
}

/**
 * What a visitor may use a day without an account ("20 messages and 5 pictures"), each open
 * tool's meter in the manifest's order, joined the way the language joins a list.
 */
export function visitorAllowanceText(
  daily: DailyAllowances,
  t: TFunction,
  formatNumber: (value: number) => string,
  language: string,
): string {
  const amounts = openToolMeters.map((meter) =>
    t(`entitlements.meters.${meter}.amount`, {
      number: formatNumber(shownAmount(meter, daily[meter])),
    }),
  );
  return t('plans.free.visitor', { allowances: listFormatter(language)(amounts) });
}

/** Whole numbers the way the interface language writes them (2,000 / 2.000). */
export function numberFormatter(language: string): (value: number) => string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return (value) => format.format(value);
}
