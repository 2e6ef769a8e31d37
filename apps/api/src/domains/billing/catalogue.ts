import {
  describePlanType,
  type PaymentCurrency,
  type PlanType,
  type PricingResponse,
  type Savings,
} from '@studio/contracts';
import type { PlanEntitlements } from '@studio/contracts';
import type { EntitlementTier } from '@studio/contracts';
import { fromMinor } from './money.ts';

export { formatUsdValue, fromMinor, toMinor } from './money.ts';

/** The catalogue's entries: Pro per month, Pro per year, and the flat GodMode add-on. */
export const catalogueItems = ['pro_monthly', 'pro_yearly', 'godmode'] as const;
export type CatalogueItem = (typeof catalogueItems)[number];

/** Prices in minor units (cents, đồng), per item and currency. */
export type CatalogueSettings = Record<CatalogueItem, Record<PaymentCurrency, number>>;

/** §9 fallbacks, in minor units. GodMode: the fixed '+$578' label, and its VND counterpart. */
export const fallbackCatalogue: CatalogueSettings = {
  pro_monthly: { USD: 1999, VND: 578_000 },
  pro_yearly: { USD: 19_999, VND: 5_780_000 },
  godmode: { USD: 57_800, VND: 14_450_000 },
};

/** How many months of Pro and of GodMode a plan buys (monthly = 1, yearly = 12). */
export function planMonths(plan: PlanType): { pro: number; godmode: number } {
  const { period, pro, godmode } = describePlanType(plan);
  const months = period === 'yearly' ? 12 : 1;
  return { pro: pro ? months : 0, godmode: godmode ? months : 0 };
}

/** 12 × monthly − yearly, and that as a rounded percentage of 12 × monthly (§9: 39.89, 17 %). */
function yearlySavings(
  monthlyMinor: number,
  yearlyMinor: number,
  currency: PaymentCurrency,
): Savings {
  const twelveMonths = monthlyMinor * 12;
  const savedMinor = twelveMonths - yearlyMinor;
  return {
    amount: fromMinor(savedMinor, currency),
    percent: twelveMonths > 0 ? Math.round((savedMinor / twelveMonths) * 100) : 0,
  };
}

/**
 * The server's price list: the only source of a plan's price (payments.md §3.3). A plan with
 * GodMode costs its Pro period plus the flat add-on; GodMode alone costs the add-on.
 */
export function createCatalogue(settings: CatalogueSettings) {
  const inMajor = (item: CatalogueItem) => ({
    USD: fromMinor(settings[item].USD, 'USD'),
    VND: fromMinor(settings[item].VND, 'VND'),
  });

  return {
    priceMinor(plan: PlanType, currency: PaymentCurrency): number {
      const { period, pro, godmode } = describePlanType(plan);
      const proPrice = pro
        ? settings[period === 'yearly' ? 'pro_yearly' : 'pro_monthly'][currency]
        : 0;
      return proPrice + (godmode ? settings.godmode[currency] : 0);
    },

    months: planMonths,

    pricing(
      entitlements: Record<EntitlementTier, PlanEntitlements>,
      visitor: PricingResponse['visitor'],
    ): PricingResponse {
      return {
        subscriptions: { monthly: inMajor('pro_monthly'), yearly: inMajor('pro_yearly') },
        monthly: { amount: fromMinor(settings.pro_monthly.USD, 'USD'), currency: 'USD' },
        addons: { godmode: inMajor('godmode') },
        yearlySavings: {
          USD: yearlySavings(settings.pro_monthly.USD, settings.pro_yearly.USD, 'USD'),
          VND: yearlySavings(settings.pro_monthly.VND, settings.pro_yearly.VND, 'VND'),
        },
        entitlements,
        visitor,
      };
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
