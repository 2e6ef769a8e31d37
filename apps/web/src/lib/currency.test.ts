import { currencyCodes } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { approximateUsdRates, convertFromUsd, formatCurrency, INVALID_CURRENCY } from './currency';

describe('formatCurrency (§9)', () => {
  it('writes VND the Vietnamese way, with the ₫ sign', () => {
    expect(formatCurrency(578_000, 'VND')).toBe('578.000\u00a0₫');
  });

  it('writes the other currencies the US way', () => {
    expect(formatCurrency(19.99, 'USD')).toBe('$19.99');
    expect(formatCurrency(19.99, 'EUR')).toBe('€19.99');
    expect(formatCurrency(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatCurrency(19.99, 'CNY')).toBe('CN¥19.99');
    expect(formatCurrency(19.99, 'SAR')).toMatch(/^SAR\s19\.99$/);
    expect(formatCurrency(19.99, 'AED')).toMatch(/^AED\s19\.99$/);
  });

  it("gives 'Invalid Currency' for an unsupported currency (§5)", () => {
    expect(formatCurrency(10, 'JPY')).toBe(INVALID_CURRENCY);
    expect(formatCurrency(10, 'usd')).toBe('Invalid Currency');
    expect(formatCurrency(10, '')).toBe('Invalid Currency');
  });
});

describe('convertFromUsd', () => {
  it('has a rate for every supported currency', () => {
    expect(Object.keys(approximateUsdRates).sort()).toEqual([...currencyCodes].sort());
  });

  it('keeps US dollars exact and marks conversions approximate', () => {
    expect(convertFromUsd(19.99, 'USD')).toEqual({
      amount: 19.99,
      currency: 'USD',
      approximate: false,
    });
    const euros = convertFromUsd(19.99, 'EUR');
    expect(euros).toEqual({ amount: 18.39, currency: 'EUR', approximate: true });
  });

  it('rounds to the currency’s minor unit (none for the dong)', () => {
    expect(convertFromUsd(19.99, 'VND').amount).toBe(507_746);
    expect(Number.isInteger(convertFromUsd(1.23, 'VND').amount)).toBe(true);
  });
});
