import {
  type AuthenticationCredential,
  authenticateBeginRequest,
  authenticateCompleteQuery,
  authenticationCredential,
  authenticationOptions,
  authenticationResult,
  beginRegistrationRequest,
  biometricCredential,
  completeRegistrationRequest,
  credentialsResponse,
  errorResponse,
  type RegistrationCredential,
  registerBeginRequest,
  registerCompleteQuery,
  registrationCredential,
  registrationOptions,
  registrationResult,
  updateCredentialRequest,
  webauthnResult,
  webauthnSettingsRequest,
  webauthnSettingsResponse,
  webauthnUserId,
} from '@studio/contracts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type RegistrationDetails,
  WebauthnError,
} from '../../domains/webauthn/webauthn.service.ts';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');
const notYours = errorResponse.describe(
  "The userId is not the signed-in user's, or the XSRF token is missing",
);
const credentialNotFound = errorResponse.describe(
  "No such credential (another user's credential answers the same)",
);
/** Renaming, switching off or deleting a passkey: the refusals they share. */
const credentialChangeResponses = {
  ...writeErrorResponses,
  401: unauthorized,
  404: credentialNotFound,
  409: errorResponse.describe(
    'The last active passkey while payments require one (error lastCredentialRequired)',
  ),
};
const unavailable = errorResponse.describe(
  'Passkeys cannot work with this server configuration (error initError)',
);
/** A ceremony's 400: a §3 result with a §8 code, or an invalid request (`errors`). */
const ceremonyFailed = webauthnResult
  .or(errorResponse)
  .describe(
    'Verification failed (error sessionExpired, verificationFailed, createFailed, authenticatorNotSupported) or an invalid request',
  );

/** The signed-in user, after checking a userId the request names is theirs (403 otherwise). */
function ownUser(request: FastifyRequest, userId: string) {
  const { user } = signedIn(request);
  if (userId !== user.id) {
    request.log.warn({ event: 'webauthn_foreign_user_id' }, 'userId of another user refused');
    throw new HttpError(403, errorTexts[403]);
  }
  return user;
}

/**
 * A WebauthnError becomes its status with the §8 code in `error`; ceremonies answer the §3
 * result shape too. What really failed goes to the log only.
 */
async function answer<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  shape: 'result' | 'error',
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WebauthnError)) throw error;
    request.log.info(
      { event: 'webauthn_refused', code: error.code, reason: error.reason },
      'webauthn request refused',
    );
    const body =
      shape === 'result'
        ? { success: false, errorMessage: error.message, message: error.message, error: error.code }
        : { message: error.message, error: error.code };
    return reply.code(error.statusCode).send(body);
  }
}

/** The envelope both ceremonies' credentials share; only `response` differs between them. */
function credentialJson<Response>(
  credential: Pick<RegistrationCredential, 'id' | 'rawId' | 'clientExtensionResults'>,
  response: Response,
) {
  return {
    id: credential.id,
    rawId: credential.rawId,
    type: 'public-key' as const,
    response,
    clientExtensionResults: credential.clientExtensionResults,
  };
}

function toRegistrationResponse(credential: RegistrationCredential): RegistrationResponseJSON {
  const { clientDataJSON, attestationObject, transports } = credential.response;
  return credentialJson(credential, {
    clientDataJSON,
    attestationObject,
    ...(transports === undefined ? {} : { transports }),
  });
}

function toAuthenticationResponse(
  credential: AuthenticationCredential,
): AuthenticationResponseJSON {
  const { clientDataJSON, authenticatorData, signature, userHandle } = credential.response;
  return credentialJson(credential, {
    clientDataJSON,
    authenticatorData,
    signature,
    ...(userHandle === undefined ? {} : { userHandle }),
  });
}

const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'];

/**
 * Passkeys (§7 WebAuthn, security.md §3): the registration and authentication ceremonies, the
 * older registration pair served by the same code, the credential list and its settings. Every
 * route needs a session, and a userId anywhere in the request must be the caller's.
 */
export const webauthnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webauthn } = app;
  const { api } = app.config.rateLimits;
  const limits = { rateLimit: app.rateLimits.api };
  // Ceremonies do public-key cryptography and write challenges: a fifth of the API's budget.
  const ceremonyLimits = {
    rateLimit: { max: Math.max(1, Math.ceil(api.max / 5)), timeWindow: api.windowMs },
  };

  const beginRegistration = (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    details: RegistrationDetails,
  ) =>
    answer(request, reply, 'error', () =>
      webauthn.registrationOptions(ownUser(request, userId), details),
    );

  const registrationBeginResponses = {
    ...writeErrorResponses,
    200: registrationOptions,
    401: unauthorized,
    403: notYours,
    503: unavailable,
  };

  app.post(
    '/webauthn/register/begin',
    {
      schema: {
        tags: ['webauthn'],
        summary: 'Start registering a passkey: creation options (challenge kept server-side)',
        body: registerBeginRequest,
        response: registrationBeginResponses,
      },
      config: ceremonyLimits,
      onRequest: app.authenticate,
    },
    async (request, reply) =>
      beginRegistration(request, reply, request.body.userId, {
        credentialName: request.body.credentialName,
        deviceInfo: request.body.deviceInfo,
        userAgent: userAgentOf(request),
      }),
  );

  app.post(
    '/webauthn/begin-registration',
    {
      schema: {
        tags: ['webauthn'],
        summary: 'The older form of register/begin (same options, same rules)',
        body: beginRegistrationRequest,
        response: registrationBeginResponses,
      },
      config: ceremonyLimits,
      onRequest: app.authenticate,
    },
    async (request, reply) =>
      beginRegistration(request, reply, request.body.userId, {
        credentialName: request.body.credentialName,
        userAgent: userAgentOf(request),
      }),
  );

  const registrationCompleteResponses = {
    ...writeErrorResponses,
    200: registrationResult,
    400: ceremonyFailed,
    401: unauthorized,
    403: notYours,
    409: webauthnResult.describe('This credential is already registered (error alreadyRegistered)'),
  };

  app.post(
    '/webauthn/register/complete',
    {
      schema: {
        tags: ['webauthn'],
        summary: 'Finish registering: verify the attestation and store the passkey',
        querystring: registerCompleteQuery,
        body: registrationCredential,
        response: registrationCompleteResponses,
      },
      config: ceremonyLimits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const user = ownUser(request, request.query.userId);
      return answer(request, reply, 'result', async () => ({
        success: true,
        errorMessage: null,
        credential: await webauthn.completeRegistration(
          user,
          toRegistrationResponse(request.body),
          {
            userAgent: userAgentOf(request),
          },
        ),
      }));
    },
  );

  app.post(
    '/webauthn/complete-registration',
    {
      schema: {
        tags: ['webauthn'],
        summary:
          'The older form of register/complete: the attestation parts, flat (the signed-in user)',
        body: completeRegistrationRequest,
        response: registrationCompleteResponses,
      },
      config: ceremonyLimits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const body = request.body;
      return answer(request, reply, 'result', async () => ({
        success: true,
        errorMessage: null,
        credential: await webauthn.completeRegistration(
          user,
          {
            id: body.credentialId,
            rawId: body.credentialId,
            type: 'public-key',
            response: {
              attestationObject: body.attestationObject,
              clientDataJSON: body.clientDataJSON,
            },
            clientExtensionResults: {},
          },
          {
            credentialName: body.credentialName,
            deviceInfo: body.deviceInfo,
            userAgent: userAgentOf(request),
          },
        ),
      }));
    },
  );

  app.post(
    '/webauthn/authenticate/begin',
    {
      schema: {
        tags: ['webauthn'],
        summary:
          "Start a verification (payment or manage): request options listing the user's active passkeys",
        body: authenticateBeginRequest,
        response: {
          ...writeErrorResponses,
          200: authenticationOptions,
          401: unauthorized,
          403: notYours,
          404: errorResponse.describe('No active passkey (error noCredentials)'),
          503: unavailable,
        },
      },
      config: ceremonyLimits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const user = ownUser(request, request.body.userId);
      return answer(request, reply, 'error', () =>
        webauthn.authenticationOptions(user, request.body.purpose),
      );
    },
  );

  app.post(
    '/webauthn/authenticate/complete',
    {
      schema: {
        tags: ['webauthn'],
        summary:
          'Finish a verification: check the assertion; a payment one lets payments start for a while',
        querystring: authenticateCompleteQuery,
        body: authenticationCredential,
        response: {
          ...writeErrorResponses,
          200: authenticationResult,
          400: ceremonyFailed,
          401: unauthorized,
          403: notYours,
        },
      },
      config: ceremonyLimits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const user = ownUser(request, request.query.userId);
      return answer(request, reply, 'result', async () => {
        const verified = await webauthn.completeAuthentication(
          user,
          request.query.purpose,
          toAuthenticationResponse(request.body),
          signedIn(request).sessionKey,
        );
        return {
          success: true,
          errorMessage: null,
          credentialId: verified.credentialId,
          verifiedUntil: verified.verifiedUntil.toISOString(),
        };
      });
    },
  );

  app.get(
    '/webauthn/credentials/:userId',
    {
      schema: {
        tags: ['webauthn'],
        summary: "The user's passkeys (newest first) and the payment requirement",
        params: z.object({ userId: webauthnUserId }),
        response: {
          ...readErrorResponses,
          200: credentialsResponse,
          401: unauthorized,
          403: notYours,
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request) =>
      webauthn.listCredentials(
        ownUser(request, request.params.userId),
        signedIn(request).sessionKey,
      ),
  );

  app.patch(
    '/webauthn/credentials',
    {
      schema: {
        tags: ['webauthn'],
        summary: 'Rename a passkey and/or switch it on or off (the same name is a no-op)',
        body: updateCredentialRequest,
        response: { ...credentialChangeResponses, 200: biometricCredential },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      return answer(request, reply, 'error', () => webauthn.updateCredential(user, request.body));
    },
  );

  app.delete(
    '/webauthn/credentials/:id',
    {
      schema: {
        tags: ['webauthn'],
        summary: 'Delete a passkey',
        params: z.object({ id: z.string().min(1).max(1400) }),
        response: { ...credentialChangeResponses, 204: z.null().describe('Deleted') },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      return answer(request, reply, 'error', async () => {
        await webauthn.deleteCredential(user, request.params.id);
        return reply.code(204).send(null);
      });
    },
  );

  app.put(
    '/webauthn/settings',
    {
      schema: {
        tags: ['webauthn'],
        summary:
          'Require a passkey verification before payments; turning it off needs a recent manage verification',
        body: webauthnSettingsRequest,
        response: {
          ...writeErrorResponses,
          200: webauthnSettingsResponse,
          401: unauthorized,
          403: errorResponse.describe(
            'Turning it off without a manage verification made in this sign-in in the last 5 minutes (error verificationRequired), or a missing XSRF token',
          ),
          409: errorResponse.describe(
            'Turning it on without an active passkey (error noCredentials)',
          ),
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { user, sessionKey } = signedIn(request);
      return answer(request, reply, 'error', async () => ({
        requireForPayments: await webauthn.setRequireForPayments(
          user,
          request.body.requireForPayments,
          sessionKey,
        ),
      }));
    },
  );
};
