import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { JWTVerifyGetKey } from 'jose';
import { createAccessTokenIssuer } from '../../domains/auth/access-tokens.ts';
import { createAttemptCounter } from '../../domains/auth/attempt-counter.ts';
import { type AuthService, createAuthService } from '../../domains/auth/auth.service.ts';
import { type BackgroundWork, createBackgroundWork } from '../../domains/auth/background-work.ts';
import {
  type BearerVerifier,
  createBearerVerifier,
  InvalidTokenError,
  type VerifiedBearer,
} from '../../domains/auth/bearer-verifier.ts';
import { createCodesRepository } from '../../domains/auth/codes.repository.ts';
import { createHousekeeping } from '../../domains/auth/housekeeping.ts';
import { deriveAuthKeys } from '../../domains/auth/keys.ts';
import { createOneTimeCodes } from '../../domains/auth/one-time-codes.ts';
import { createRedisAttemptCounter } from '../../domains/auth/redis-attempt-counter.ts';
import { createPasswordResetsRepository } from '../../domains/auth/password-resets.repository.ts';
import { createPasswordHasher, type PasswordHasher } from '../../domains/auth/passwords.ts';
import { createRegistrationsRepository } from '../../domains/auth/registrations.repository.ts';
import { createSessionsRepository } from '../../domains/auth/sessions.repository.ts';
import {
  createSessionsService,
  type SessionsService,
} from '../../domains/auth/sessions.service.ts';
import { sessionKeyOf } from '../../domains/auth/session-key.ts';
import { type AccountService, createAccountService } from '../../domains/users/account.service.ts';
import { createExternalUsers, type ExternalUsers } from '../../domains/auth/external-users.ts';
import type { User } from '../../domains/users/user.ts';
import { addressKeyOf, type Caller } from '../../domains/callers/caller.ts';
import { visitorOf } from '../../domains/callers/visitor-key.ts';
import { errorTexts, HttpError } from '../../http/errors.ts';
import { z } from 'zod';

/** Who is calling, once a bearer token has been verified. */
export interface Authenticated {
  user: User;
  kind: VerifiedBearer['kind'];
  /** The first-party session the access token belongs to (null for external tokens). */
  sessionId: string | null;
  /** The sign-in the token belongs to, external tokens included (see sessionKeyOf). */
  sessionKey: string;
}

export interface Accounts {
  auth: AuthService;
  sessions: SessionsService;
  account: AccountService;
  verifier: BearerVerifier;
  passwords: PasswordHasher;
  /** Work that runs after the answer (preparing a mail, which it queues); `idle()` waits for it. */
  background: BackgroundWork;
  /** Deletes dead sessions, codes and links; runs hourly as the `auth.housekeeping` job. */
  housekeeping: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    /** The clock every auth decision uses (tests step it forward). */
    now: () => Date;
    /** onRequest hook: a valid bearer token or 401 (before the body is even read); sets request.auth. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook for routes open to visitors too: no Authorization header leaves request.auth
     * null (a visitor); a bearer token must be valid (else 401, so the SPA renews it).
     */
    identify: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    /**
     * Who is calling, for every tool (domains/callers): the signed-in user once `authenticate`
     * or `identify` has run, else a visitor (their X-Visitor-Key, their hashed address).
     */
    readonly caller: Caller;
  }
}

export interface AuthPluginOptions {
  now?: () => Date;
  /** Tests: the external identity service's keys, instead of fetching its JWKS. */
  externalKeys?: JWTVerifyGetKey;
}

const housekeepingIntervalMs = 60 * 60 * 1000;

/** The verified caller; routes behind `app.authenticate` always have one. */
export function signedIn(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new HttpError(401, errorTexts[401]);
  return request.auth;
}

function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * Identity: bearer-token verification (first-party and the external identity service), the
 * first-party sign-in services, and the lookups every signed-in route needs. The 401 for any
 * token problem is the same §8 text with `WWW-Authenticate: Bearer error="invalid_token"`;
 * the reason goes to the log, the token never does.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const { config, db, log, users } = app;
    const now = options.now ?? (() => new Date());
    const keys = await deriveAuthKeys(config.auth.secret);
    const codesRepository = createCodesRepository(db);
    const registrations = createRegistrationsRepository(db);
    const resets = createPasswordResetsRepository(db);
    const sessionsRepository = createSessionsRepository(db);
    const background = createBackgroundWork(log);
    // Per-account counts: in Redis when configured, so every process counts in the same window.
    const { redis } = app;
    const attemptCounter = (name: string, limit: { max: number; windowMs: number }) =>
      redis
        ? createRedisAttemptCounter({
            client: redis.client,
            keyPrefix: redis.keyPrefix,
            name,
            ...limit,
          })
        : createAttemptCounter({ ...limit, now });
    const passwords = createPasswordHasher();
    const sessions = createSessionsService({
      repository: sessionsRepository,
      users,
      issuer: createAccessTokenIssuer(config.auth, keys),
      auth: config.auth,
      log,
      now,
    });
    const verifier = createBearerVerifier({
      auth: config.auth,
      identity: config.identity,
      keys,
      now,
      ...(options.externalKeys ? { externalKeys: options.externalKeys } : {}),
    });
    const externalUsers: ExternalUsers | null = config.identity
      ? createExternalUsers({ users, identity: config.identity, log, now })
      : null;
    const auth = createAuthService({
      users,
      registrations,
      resets,
      codes: createOneTimeCodes({ repository: codesRepository, key: keys.codeKey, now }),
      passwords,
      sessions,
      mail: app.mailQueue,
      background,
      // security.md §1.1 6.1.1: a soft, time-based per-account throttle, never a lock.
      loginFailures: attemptCounter('login', { max: 5, windowMs: 15 * 60_000 }),
      mailsPerAddress: attemptCounter('mails', { max: 3, windowMs: 10 * 60_000 }),
      publicUrl: config.publicUrl,
      log,
      now,
    });
    const account = createAccountService({
      users,
      forgetAddress: async (email) => {
        await codesRepository.deleteForEmail(email);
        await registrations.delete(email);
      },
      objects: app.storage,
      log,
      now,
    });

    const housekeeping = createHousekeeping({
      sessions: sessionsRepository,
      codes: codesRepository,
      resets,
      registrations,
      auth: config.auth,
      now,
    });
    const housekeepingJob = app.jobs.define({
      kind: 'auth.housekeeping',
      payload: z.object({}),
      result: z.null(),
      run: async () => {
        await housekeeping();
        return null;
      },
    });
    await app.jobs.every(housekeepingJob, housekeepingIntervalMs);

    app.decorate('now', now);
    app.decorate('accounts', {
      auth,
      sessions,
      account,
      verifier,
      passwords,
      background,
      housekeeping,
    });
    app.decorateRequest('auth', null);
    const secret = config.auth.secret;
    app.decorateRequest('caller', {
      getter(this: FastifyRequest): Caller {
        if (this.auth) return { kind: 'user', user: this.auth.user };
        return {
          kind: 'visitor',
          visitorId: visitorOf(this),
          addressKey: addressKeyOf(secret, this.ip),
        };
      },
    });
    app.addHook('onClose', async () => {
      await background.idle();
    });

    async function userFor(bearer: VerifiedBearer): Promise<User> {
      if (bearer.kind === 'external') {
        if (!externalUsers) throw new InvalidTokenError('no identity service configured');
        return externalUsers.resolve(bearer);
      }
      const user = await users.findById(bearer.userId);
      if (!user) throw new InvalidTokenError('unknown user');
      if (!(await sessions.isLive(bearer.sessionId, user.id))) {
        throw new InvalidTokenError('session ended');
      }
      return user;
    }

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerTokenOf(request);
      if (token === null) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, errorTexts[401]);
      }
      try {
        const bearer = await verifier.verify(token);
        const user = await userFor(bearer);
        // "Sign out everywhere" and a password reset refuse what was issued before them
        // (compared in whole seconds, the resolution of iat).
        if (
          user.tokensNotBefore !== null &&
          bearer.issuedAt < Math.floor(user.tokensNotBefore / 1000)
        ) {
          throw new InvalidTokenError('issued before tokens_not_before');
        }
        request.auth = {
          user,
          kind: bearer.kind,
          sessionId: bearer.kind === 'first-party' ? bearer.sessionId : null,
          sessionKey: sessionKeyOf(bearer),
        };
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        request.log.info({ event: 'token_refused', reason: error.message }, 'bearer token refused');
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
        throw new HttpError(401, errorTexts[401]);
      }
    });

    app.decorate('identify', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization === undefined) return;
      await app.authenticate(request, reply);
    });
  },
  {
    name: 'auth',
    dependencies: ['config', 'database', 'jobs', 'mail-queue', 'redis', 'storage', 'users'],
  },
);
