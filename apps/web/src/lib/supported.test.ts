import { anonymousPreferencesResponse, isCurrencyCode, isLanguageCode } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { readAnonymousPreferences } from '../features/preferences/api/getAnonymousPreferences';
import { isSupportedCurrency, isSupportedLanguage } from './supported';

const samples: unknown[] = ['USD', 'VND', 'AED', 'JPY', 'usd', 'en', 'vi', 'fr', 'EN', '', null, 7];

describe('plain-list checks agree with the contracts', () => {
  it.each(samples)('%j', (value) => {
    expect(isSupportedCurrency(value)).toBe(isCurrencyCode(value));
    expect(isSupportedLanguage(value)).toBe(isLanguageCode(value));
  });

  it.each([
    { currency: 'VND', country: 'VN' },
    { currency: 'EUR', country: null },
    { currency: 'JPY', country: 'JP' },
    { currency: 'USD', country: 'USA' },
    { currency: 'USD' },
    null,
  ])('anonymous preferences %j', (body) => {
    const contract = anonymousPreferencesResponse.safeParse(body);
    if (contract.success) expect(readAnonymousPreferences(body)).toEqual(contract.data);
    else expect(() => readAnonymousPreferences(body)).toThrow();
  });
});
