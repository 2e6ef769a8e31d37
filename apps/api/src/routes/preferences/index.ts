import {
  anonymousPreferencesResponse,
  errorResponse,
  updateCurrencyRequest,
  updateLanguageRequest,
  userPreferencesResponse,
  type UserPreferencesResponse,
} from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anonymousPreferences,
  countryFromHeader,
} from '../../domains/preferences/anonymous-preferences.ts';
import type { User } from '../../domains/users/user.ts';
import { readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');

function languageAndCurrency(user: User): UserPreferencesResponse {
  return { language: user.preferences.language, currency: user.preferences.currency };
}

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { trustedCountryHeader } = app.config;
  const { account } = app.accounts;

  app.get(
    '/userpreferences/anonymous',
    {
      schema: {
        tags: ['preferences'],
        summary: 'The currency suggested for an anonymous visitor (§7): VND in Vietnam, else USD',
        description:
          'The country comes only from the header a trusted proxy sets (TRUSTED_COUNTRY_HEADER); without one it is null and the currency USD.',
        response: { 200: anonymousPreferencesResponse, ...readErrorResponses },
      },
      config: { rateLimit: app.rateLimits.api },
    },
    async (request) => {
      const country = trustedCountryHeader
        ? countryFromHeader(request.headers[trustedCountryHeader])
        : null;
      return anonymousPreferences(country);
    },
  );

  app.get(
    '/userpreferences',
    {
      schema: {
        tags: ['preferences'],
        summary: "The signed-in user's saved language and currency (§7)",
        response: { ...readErrorResponses, 200: userPreferencesResponse, 401: unauthorized },
      },
      config: { rateLimit: app.rateLimits.api },
      onRequest: app.authenticate,
    },
    async (request) => languageAndCurrency(signedIn(request).user),
  );

  app.put(
    '/userpreferences/language',
    {
      schema: {
        tags: ['preferences'],
        summary: "Save the signed-in user's language (en or vi)",
        body: updateLanguageRequest,
        response: { ...writeErrorResponses, 200: userPreferencesResponse, 401: unauthorized },
      },
      config: { rateLimit: app.rateLimits.api },
      onRequest: app.authenticate,
    },
    async (request) =>
      languageAndCurrency(
        await account.updatePreferences(signedIn(request).user, {
          language: request.body.language,
        }),
      ),
  );

  app.put(
    '/userpreferences/currency',
    {
      schema: {
        tags: ['preferences'],
        summary: "Save the signed-in user's currency",
        body: updateCurrencyRequest,
        response: { ...writeErrorResponses, 200: userPreferencesResponse, 401: unauthorized },
      },
      config: { rateLimit: app.rateLimits.api },
      onRequest: app.authenticate,
    },
    async (request) =>
      languageAndCurrency(
        await account.updatePreferences(signedIn(request).user, {
          currency: request.body.currency,
        }),
      ),
  );
};
