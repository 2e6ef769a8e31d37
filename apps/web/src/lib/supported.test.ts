import { isCurrencyCode, isLanguageCode } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { isSupportedCurrency, isSupportedLanguage } from './supported';

const samples: unknown[] = ['USD', 'VND', 'AED', 'JPY', 'usd', 'en', 'vi', 'fr', 'EN', '', null, 7];

describe('plain-list checks agree with the contracts', () => {
  it.each(samples)('%j', (value) => {
    expect(isSupportedCurrency(value)).toBe(isCurrencyCode(value));
    expect(isSupportedLanguage(value)).toBe(isLanguageCode(value));
  });
});
