import { describe, expect, it } from 'vitest';
import { fallbackProPrices, proPrice, yearlySavings } from './pricing';

describe('Pro pricing (§9 fallbacks)', () => {
  it('is 19.99 USD or 578000 VND a month, 199.99 USD or 5780000 VND a year', () => {
    expect(proPrice('monthly', 'USD')).toEqual({
      amount: 19.99,
      currency: 'USD',
      approximate: false,
    });
    expect(proPrice('monthly', 'VND')).toEqual({
      amount: 578_000,
      currency: 'VND',
      approximate: false,
    });
    expect(proPrice('yearly', 'USD').amount).toBe(199.99);
    expect(proPrice('yearly', 'VND').amount).toBe(5_780_000);
  });

  it('converts from US dollars, approximately, for the other currencies', () => {
    expect(proPrice('monthly', 'GBP')).toEqual({
      amount: 15.79,
      currency: 'GBP',
      approximate: true,
    });
  });

  it('saves 39.89 (17 %) a year: twelve months minus the yearly price', () => {
    const { monthly, yearly } = fallbackProPrices;
    expect(yearlySavings(monthly.USD, yearly.USD)).toEqual({ amount: 39.89, percent: 17 });
    expect(yearlySavings(monthly.VND, yearly.VND)).toEqual({ amount: 1_156_000, percent: 17 });
  });
});
