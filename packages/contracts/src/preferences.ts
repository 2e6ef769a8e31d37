import { z } from 'zod';
import { currencyCodes, languageCodes } from './options.ts';

export * from './options.ts';

export const languageCode = z.enum(languageCodes);
export const currencyCode = z.enum(currencyCodes);

/** GET /api/userpreferences/anonymous: the currency suggested for a visitor (§7). */
export const anonymousPreferencesResponse = z.object({
  currency: currencyCode,
  /** ISO 3166-1 alpha-2 country the suggestion was based on, when known. */
  country: z.string().length(2).nullable(),
});
export type AnonymousPreferencesResponse = z.infer<typeof anonymousPreferencesResponse>;

/** GET /api/userpreferences (signed-in users, §7). */
export const userPreferencesResponse = z.object({
  language: languageCode,
  currency: currencyCode,
});
export type UserPreferencesResponse = z.infer<typeof userPreferencesResponse>;
