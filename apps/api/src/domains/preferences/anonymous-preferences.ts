import type { AnonymousPreferencesResponse, CurrencyCode } from '@studio/contracts';

/**
 * The visitor's country as a trusted proxy reported it (e.g. Cloudflare's CF-IPCountry):
 * an ISO 3166-1 alpha-2 code, or null for a missing, malformed or "unknown" (XX) value.
 */
export function countryFromHeader(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const country = first?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(country) && country !== 'XX' ? country : null;
}

/** §7: visitors in Vietnam are offered VND; everyone else (and the unknown) USD. */
export function currencyForCountry(country: string | null): CurrencyCode {
  return country === 'VN' ? 'VND' : 'USD';
}

export function anonymousPreferences(country: string | null): AnonymousPreferencesResponse {
  return { currency: currencyForCountry(country), country };
}
