/**
 * Language and currency options as plain data, with no zod: the SPA's first load imports these,
 * and keeping zod out of it keeps that load small.
 */
/** §3 Language option: only en and vi are accepted (§5). */
export const languageCodes = ['en', 'vi'] as const;
export type LanguageCode = (typeof languageCodes)[number];
export const defaultLanguage: LanguageCode = 'en';

export const languages: Record<LanguageCode, { name: string; flag: string }> = {
  en: { name: 'English', flag: '🇬🇧' },
  vi: { name: 'Tiếng Việt', flag: '🇻🇳' },
};

/** §3 Currency option: code, symbol and name; default USD. */
export const currencyCodes = ['USD', 'EUR', 'GBP', 'VND', 'CNY', 'SAR', 'AED'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];
export const defaultCurrency: CurrencyCode = 'USD';

export const currencies: Record<CurrencyCode, { symbol: string; name: string }> = {
  USD: { symbol: '$', name: 'US Dollar' },
  EUR: { symbol: '€', name: 'Euro' },
  GBP: { symbol: '£', name: 'British Pound' },
  VND: { symbol: '₫', name: 'Vietnamese Dong' },
  CNY: { symbol: '¥', name: 'Chinese Yuan' },
  SAR: { symbol: '﷼', name: 'Saudi Riyal' },
  AED: { symbol: 'د.إ', name: 'UAE Dirham' },
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (currencyCodes as readonly string[]).includes(value);
}

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}
