import type { CurrencyCode } from '@studio/contracts';
import { isSupportedCurrency } from './supported';

/** §5: what formatting with a currency outside the supported list yields. */
export const INVALID_CURRENCY = 'Invalid Currency';

/** §9: VND is written the Vietnamese way (578.000 ₫); every other currency the US way. */
export function formatCurrency(amount: number, currency: string): string {
  if (!isSupportedCurrency(currency)) return INVALID_CURRENCY;
  const locale = currency === 'VND' ? 'vi-VN' : 'en-US';
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

/**
 * Approximate value of one US dollar in each currency. Only for showing a price in the visitor's
 * currency: payments are made in USD (PayPal) or VND (VNPay) at the provider's own rate.
 */
export const approximateUsdRates: Readonly<Record<CurrencyCode, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  VND: 25_400,
  CNY: 7.2,
  SAR: 3.75,
  AED: 3.67,
};

export interface ConvertedAmount {
  amount: number;
  currency: CurrencyCode;
  /** True unless the amount is in US dollars: converted amounts are only indicative. */
  approximate: boolean;
}

/** Converts a US dollar amount with the rate table, rounded to the currency's minor unit. */
export function convertFromUsd(amountUsd: number, currency: CurrencyCode): ConvertedAmount {
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const factor = 10 ** digits;
  const amount = Math.round(amountUsd * approximateUsdRates[currency] * factor) / factor;
  return { amount, currency, approximate: currency !== 'USD' };
}
