import { anonymousPreferencesResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

const url = '/api/userpreferences/anonymous';

describe('GET /api/userpreferences/anonymous without a trusted country header', () => {
  const t = useTestApp('sqlite');

  it('ignores a country header the visitor could have set, and suggests USD', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'cf-ipcountry': 'VN', 'x-country': 'VN' },
    });
    expect(response.statusCode).toBe(200);
    expect(anonymousPreferencesResponse.parse(response.json())).toEqual({
      currency: 'USD',
      country: null,
    });
  });
});

describe('GET /api/userpreferences/anonymous behind a proxy that sets CF-IPCountry', () => {
  const t = useTestApp('sqlite', { TRUSTED_COUNTRY_HEADER: 'CF-IPCountry' });

  it.each([
    ['VN', { currency: 'VND', country: 'VN' }],
    ['vn', { currency: 'VND', country: 'VN' }],
    ['US', { currency: 'USD', country: 'US' }],
    ['DE', { currency: 'USD', country: 'DE' }],
    ['XX', { currency: 'USD', country: null }],
    ['T1', { currency: 'USD', country: null }],
    ['<script>', { currency: 'USD', country: null }],
  ])('maps %s', async (country, expected) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'CF-IPCountry': country },
    });
    expect(response.json()).toEqual(expected);
  });

  it('suggests USD when the header is missing', async () => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.json()).toEqual({ currency: 'USD', country: null });
  });
});
