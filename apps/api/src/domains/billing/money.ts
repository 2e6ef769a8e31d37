import type { PaymentCurrency } from '@studio/contracts';

/**
 * Money is kept in integer minor units: USD cents, VND đồng (VND has no minor unit). Floats only
 * exist on the wire (major units), and are converted here, once.
 */
const minorPerMajor: Record<PaymentCurrency, number> = { USD: 100, VND: 1 };

/** 19.99 USD → 1999; 578000 VND → 578000. Rounds away float noise (19.99 * 100 = 1998.999…). */
export function toMinor(amount: number, currency: PaymentCurrency): number {
  return Math.round(amount * minorPerMajor[currency]);
}

export function fromMinor(minor: number, currency: PaymentCurrency): number {
  return minor / minorPerMajor[currency];
}

/** Whether a major amount is exactly representable in minor units (≤ 2 decimals for USD, whole VND). */
export function isWholeMinor(amount: number, currency: PaymentCurrency): boolean {
  const minor = amount * minorPerMajor[currency];
  return Math.abs(minor - Math.round(minor)) < 1e-6;
}

/** 1999 → "19.99": PayPal's amount.value, always two decimals. */
export function formatUsdValue(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `${whole}.${String(rest).padStart(2, '0')}`;
}
