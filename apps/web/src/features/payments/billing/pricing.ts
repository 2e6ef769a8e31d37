import type { BillingPeriod, CurrencyCode, PricingResponse } from '@studio/contracts';
import { convertFromUsd, type ConvertedAmount } from '../../../lib/currency';

export type { BillingPeriod };

/**
 * §9 fallback prices: what the cards show until GET /api/pricing answers (and if it fails). The
 * two currencies the providers charge in (PayPal USD, VNPay VND).
 */
export const fallbackProPrices: Readonly<Record<BillingPeriod, { USD: number; VND: number }>> = {
  monthly: { USD: 19.99, VND: 578_000 },
  yearly: { USD: 199.99, VND: 5_780_000 },
};

/** The catalogue's GodMode add-on when pricing has not arrived: +$578 (§9 label). */
export const fallbackGodmodePrice = { USD: 578, VND: 14_450_000 } as const;

function inCurrency(prices: { USD: number; VND: number }, currency: CurrencyCode): ConvertedAmount {
  if (currency === 'USD' || currency === 'VND') {
    return { amount: prices[currency], currency, approximate: false };
  }
  return convertFromUsd(prices.USD, currency);
}

/**
 * The Pro price in the visitor's currency: exact in USD and VND (what the providers charge),
 * converted from USD with the rate table, and so approximate, for the other five.
 */
export function proPrice(
  period: BillingPeriod,
  currency: CurrencyCode,
  pricing: PricingResponse | null = null,
): ConvertedAmount {
  return inCurrency(pricing?.subscriptions[period] ?? fallbackProPrices[period], currency);
}

/** The GodMode add-on's price in the visitor's currency (a flat price per purchase). */
export function godmodePrice(
  currency: CurrencyCode,
  pricing: PricingResponse | null = null,
): ConvertedAmount {
  return inCurrency(pricing?.addons.godmode ?? fallbackGodmodePrice, currency);
}

/** What one checkout costs in a charged currency: Pro for the period, plus GodMode if added. */
export function checkoutAmount(
  period: BillingPeriod,
  godmode: boolean,
  currency: 'USD' | 'VND',
  pricing: PricingResponse | null,
): number {
  const pro = (pricing?.subscriptions[period] ?? fallbackProPrices[period])[currency];
  if (!godmode) return pro;
  const addon = (pricing?.addons.godmode ?? fallbackGodmodePrice)[currency];
  // Whole cents (USD) or đồng (VND): floating-point sums like 19.99 + 578 must not drift.
  return currency === 'VND' ? pro + addon : Math.round((pro + addon) * 100) / 100;
}

export interface Savings {
  amount: number;
  /** Rounded to a whole percent (§9). */
  percent: number;
}

/** §9: twelve monthly payments minus the yearly price, and that as a share of the twelve. */
export function yearlySavings(monthly: number, yearly: number): Savings {
  const twelveMonths = monthly * 12;
  const amount = Math.round((twelveMonths - yearly) * 100) / 100;
  return { amount, percent: Math.round((amount / twelveMonths) * 100) };
}
