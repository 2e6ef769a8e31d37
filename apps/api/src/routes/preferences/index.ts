import { anonymousPreferencesResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anonymousPreferences,
  countryFromHeader,
} from '../../domains/preferences/anonymous-preferences.ts';
import { readErrorResponses } from '../../http/errors.ts';

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { trustedCountryHeader } = app.config;

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
};
