/**
 * The Pro prices the home page quotes (§9's fallback prices): PayPal charges US dollars, VNPay
 * Vietnamese dong. The plans page shows the live prices from the API.
 */
export const proPrices = {
  monthly: { USD: 19.99, VND: 578_000 },
  yearly: { USD: 199.99, VND: 5_780_000 },
} as const;

/** The currency a reader of this language most likely pays in: VND through VNPay for vi. */
export function primaryPaymentCurrency(language: string): 'USD' | 'VND' {
  return language.startsWith('vi') ? 'VND' : 'USD';
}
