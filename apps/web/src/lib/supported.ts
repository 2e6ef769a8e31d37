import {
  currencyCodes,
  languageCodes,
  type CurrencyCode,
  type LanguageCode,
} from '@studio/contracts/options';

/*
 * The same answers as the contracts' isCurrencyCode / isLanguageCode, from the plain lists:
 * the shell checks preferences on every first load, and must not pull in the schema library
 * (zod) for it. locale tests hold the two in agreement.
 */

export function isSupportedCurrency(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (currencyCodes as readonly string[]).includes(value);
}

export function isSupportedLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}
