import type { CurrencyCode } from '@studio/contracts';
import { convertFromUsd, type ConvertedAmount } from '../../lib/currency';

export type BillingPeriod = 'monthly' | 'yearly';

/**
 * §9 fallback Pro prices, used until GET /api/pricing exists: the two currencies the providers
 * charge in (PayPal USD, VNPay VND).
 */
export const fallbackProPrices: Readonly<Record<BillingPeriod, { USD: number; VND: number }>> = {
  monthly: { USD: 19.99, VND: 578_000 },
  yearly: { USD: 199.99, VND: 5_780_000 },
};

/** The Pro price in the visitor's currency: exact in USD and VND, converted (approximate) else. */
export function proPrice(period: BillingPeriod, currency: CurrencyCode): ConvertedAmount {
  const prices = fallbackProPrices[period];
  if (currency === 'USD' || currency === 'VND') {
    return { amount: prices[currency], currency, approximate: false };
  }
  return convertFromUsd(prices.USD, currency);
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
