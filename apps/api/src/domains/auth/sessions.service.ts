import { randomUUID } from 'node:crypto';
import type { AuthProvider, SessionSummary } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthConfig } from './auth-config.ts';
import type { User } from '../users/user.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { AccessTokenIssuer } from './access-tokens.ts';
import type { RefreshCookie } from './refresh-cookie.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';
import type { Session, SessionsRepository } from './sessions.repository.ts';

/** A signed-in session as the routes hand it out: the cookie and the access token. */
export interface IssuedSession {
  user: User;
  sessionId: string;
  cookie: RefreshCookie;
  /** The session's absolute end: the cookie's lifetime. */
  expiresAt: Date;
  accessToken: string;
  expiresIn: number;
}

export type RefreshOutcome =
  { ok: true; session: IssuedSession } | { ok: false; reason: 'unknown' | 'reused' | 'expired' };

interface Dependencies {
  repository: SessionsRepository;
  users: UsersRepository;
  issuer: AccessTokenIssuer;
  auth: AuthConfig;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * First-party sessions: each sign-in is a family of refresh tokens rotated on every use. A
 * token presented a second time means it was copied: the whole family is revoked (RFC 9700
 * §4.14.2). Rotation never moves the absolute end; a session unused for the idle period dies.
 */
export function createSessionsService({ repository, users, issuer, auth, log, now }: Dependencies) {
  const idleCutoff = (time: Date) => new Date(time.getTime() - auth.sessionIdleSeconds * 1000);

  async function issue(user: User, session: Pick<Session, 'id' | 'expiresAt'>, secret: string) {
    const { accessToken, expiresIn } = await issuer.issue(user.id, session.id, now());
    return {
      user,
      sessionId: session.id,
      cookie: { sessionId: session.id, secret },
      expiresAt: new Date(session.expiresAt),
      accessToken,
      expiresIn,
    };
  }

  return {
    /** A new session (never an old id reused: no fixation) with its first refresh token. */
    async start(
      user: User,
      method: AuthProvider,
      userAgent: string | null,
    ): Promise<IssuedSession> {
      const time = now();
      const id = randomUUID();
      const secret = newSecretToken();
      const expiresAt = new Date(time.getTime() + auth.sessionTtlSeconds * 1000);
      await repository.create(
        { id, userId: user.id, method, userAgent: userAgent?.slice(0, 300) ?? null },
        hashSecretToken(secret),
        time,
        expiresAt,
      );
      log.info({ event: 'session_started', userId: user.id, sessionId: id, method }, 'signed in');
      return issue(user, { id, expiresAt: expiresAt.toISOString() }, secret);
    },

    async refresh(cookie: RefreshCookie): Promise<RefreshOutcome> {
      const time = now();
      const tokenHash = hashSecretToken(cookie.secret);
      const stored = await repository.findRefreshToken(tokenHash);
      if (!stored || stored.sessionId !== cookie.sessionId) return { ok: false, reason: 'unknown' };

      const reused = async () => {
        await repository.revoke(stored.sessionId, time);
        log.warn(
          { event: 'refresh_token_reused', sessionId: stored.sessionId },
          'a used refresh token came back: the whole session is revoked',
        );
        return { ok: false, reason: 'reused' } as const;
      };
      if (stored.usedAt !== null) return reused();

      // The session is read before the token is claimed: a simultaneous second use of the same
      // token revokes the session only after losing the claim, so the winner's answer does not
      // depend on that revocation's timing (exactly one of them gets a session; the family then
      // dies, RFC 9700 §4.14.2).
      const session = await repository.findById(stored.sessionId);
      const alive =
        session !== null &&
        session.revokedAt === null &&
        Date.parse(session.expiresAt) > time.getTime() &&
        Date.parse(session.lastUsedAt) > idleCutoff(time).getTime();
      const user = alive ? await users.findById(session.userId) : null;
      if (!session || !alive || !user) {
        if (session) await repository.revoke(session.id, time);
        return { ok: false, reason: 'expired' };
      }
      if (!(await repository.useRefreshToken(tokenHash, time))) return reused();

      const secret = newSecretToken();
      await repository.addRefreshToken(session.id, hashSecretToken(secret), time);
      return { ok: true, session: await issue(user, session, secret) };
    },

    /** Whether a first-party access token's session still stands (logout ends it at once). */
    async isLive(sessionId: string, userId: string): Promise<boolean> {
      const session = await repository.findById(sessionId);
      return (
        session !== null &&
        session.userId === userId &&
        session.revokedAt === null &&
        Date.parse(session.expiresAt) > now().getTime()
      );
    },

    async end(sessionId: string): Promise<void> {
      await repository.revoke(sessionId, now());
    },

    /** The session the refresh cookie names, if the cookie is genuine (its secret matches). */
    async sessionOfCookie(cookie: RefreshCookie): Promise<string | null> {
      const stored = await repository.findRefreshToken(hashSecretToken(cookie.secret));
      return stored && stored.sessionId === cookie.sessionId ? stored.sessionId : null;
    },

    async endOwned(sessionId: string, userId: string): Promise<boolean> {
      return repository.revokeOwned(sessionId, userId, now());
    },

    /** Revokes every session and refuses every token issued until now (access tokens too). */
    async endAll(userId: string): Promise<void> {
      const time = now();
      await repository.revokeAllOfUser(userId, time);
      await users.setTokensNotBefore(userId, time);
      log.info({ event: 'signed_out_everywhere', userId }, 'every session revoked');
    },

    async list(userId: string, currentSessionId: string | null): Promise<SessionSummary[]> {
      const time = now();
      const sessions = await repository.listLive(userId, time, idleCutoff(time));
      return sessions.map((session) => ({
        id: session.id,
        createdAt: session.createdAt,
        lastUsedAt: session.lastUsedAt,
        expiresAt: session.expiresAt,
        userAgent: session.userAgent,
        method: session.method,
        current: session.id === currentSessionId,
      }));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
