import type { AnonymousPreferencesResponse } from '@studio/contracts';
import { apiClient } from '../../../lib/api/clients';
import { isSupportedCurrency } from '../../../lib/supported';

/**
 * The contract's anonymousPreferencesResponse, checked by hand: this call happens on the first
 * visit, which must not download the schema library. The test holds it to the schema.
 */
export function readAnonymousPreferences(body: unknown): AnonymousPreferencesResponse {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { currency, country } = value;
  const validCountry = country === null || (typeof country === 'string' && country.length === 2);
  if (!isSupportedCurrency(currency) || !validCountry) {
    throw new Error('Unexpected answer from /api/userpreferences/anonymous');
  }
  return { currency, country };
}

/** §7 GET /api/userpreferences/anonymous: the currency suggested for a visitor. */
export async function getAnonymousPreferences(): Promise<AnonymousPreferencesResponse> {
  const { data } = await apiClient.get<unknown>('/api/userpreferences/anonymous');
  return readAnonymousPreferences(data);
}
