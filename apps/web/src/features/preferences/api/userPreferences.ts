import {
  userPreferences,
  userPreferencesResponse,
  type CurrencyCode,
  type LanguageCode,
  type UserPreferencesResponse,
} from '@studio/contracts';
import type { ThemeName } from '@studio/tokens';
import { cookieClient } from '../../../lib/api/clients';

/** §7 GET /api/userpreferences: the signed-in user's saved language and currency. */
export async function getUserPreferences(): Promise<UserPreferencesResponse> {
  const { data } = await cookieClient.get<unknown>('/api/userpreferences');
  return userPreferencesResponse.parse(data);
}

/** §7 PUT /api/userpreferences/language */
export async function saveLanguage(language: LanguageCode): Promise<void> {
  const { data } = await cookieClient.put<unknown>('/api/userpreferences/language', { language });
  userPreferencesResponse.parse(data);
}

/** §7 PUT /api/userpreferences/currency */
export async function saveCurrency(currency: CurrencyCode): Promise<void> {
  const { data } = await cookieClient.put<unknown>('/api/userpreferences/currency', { currency });
  userPreferencesResponse.parse(data);
}

/** §7 PATCH /api/userprofile/preferences: the theme lives with the profile's preferences. */
export async function saveTheme(theme: ThemeName): Promise<void> {
  const { data } = await cookieClient.patch<unknown>('/api/userprofile/preferences', { theme });
  userPreferences.parse(data);
}
