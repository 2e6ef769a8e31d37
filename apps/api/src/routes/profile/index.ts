import {
  deleteAccountRequest,
  errorResponse,
  updatePreferencesRequest,
  updateProfileRequest,
  userPreferences,
  userProfile,
} from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toUserProfile } from '../../domains/users/user.ts';
import { readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { clearSession } from '../auth/session-cookies.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');

/**
 * The signed-in user's profile (§3). A first call with a token from the external identity
 * service creates the account (or links it to the one with the same verified address).
 * PATCH bodies are strict: a field that is not listed (roles, subscriptionTier…) is a 400.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app.accounts;
  const limits = { rateLimit: app.rateLimits.api };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/userprofile',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user (bearer token)',
        response: { ...readErrorResponses, 200: userProfile, 401: unauthorized },
      },
      config: limits,
    },
    async (request) => toUserProfile(signedIn(request).user),
  );

  app.patch(
    '/userprofile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the display name',
        body: updateProfileRequest,
        response: { ...writeErrorResponses, 200: userProfile, 401: unauthorized },
      },
      config: limits,
    },
    async (request) =>
      toUserProfile(
        await account.updateDisplayName(signedIn(request).user, request.body.displayName),
      ),
  );

  app.delete(
    '/userprofile',
    {
      schema: {
        tags: ['profile'],
        summary: "Delete the account and all of its data (body {confirm: 'DELETE'})",
        body: deleteAccountRequest,
        response: {
          ...writeErrorResponses,
          204: z.null().describe('Deleted; every session is gone and the cookie cleared'),
          401: unauthorized,
        },
      },
      config: limits,
    },
    async (request, reply) => {
      await account.delete(signedIn(request).user);
      clearSession(reply, app.config);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/userprofile/preferences',
    {
      schema: {
        tags: ['profile', 'preferences'],
        summary: 'Save any of language, currency and theme (§7)',
        body: updatePreferencesRequest,
        response: { ...writeErrorResponses, 200: userPreferences, 401: unauthorized },
      },
      config: limits,
    },
    async (request) =>
      (await account.updatePreferences(signedIn(request).user, request.body)).preferences,
  );
};
