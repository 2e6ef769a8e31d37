import { anonymousPreferencesResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { readAnonymousPreferences } from './getAnonymousPreferences';

describe('readAnonymousPreferences agrees with the contract', () => {
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
