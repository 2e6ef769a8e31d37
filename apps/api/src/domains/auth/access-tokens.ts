import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AuthConfig } from './auth-config.ts';
import type { AuthKeys } from './keys.ts';

/** RFC 9068 explicit typing: an access token can never pass for another kind of JWT. */
export const accessTokenType = 'at+jwt';
export const firstPartyAlgorithm = 'EdDSA';

export interface IssuedAccessToken {
  accessToken: string;
  /** Seconds until it expires. */
  expiresIn: number;
}

/**
 * First-party access tokens: EdDSA JWTs bound to the user (`sub`) and the sign-in (`sid`), so
 * revoking the session (logout) ends the access token at once, not when it expires.
 */
export function createAccessTokenIssuer(auth: AuthConfig, keys: AuthKeys) {
  return {
    async issue(userId: string, sessionId: string, now: Date): Promise<IssuedAccessToken> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresIn = auth.accessTokenTtlSeconds;
      const accessToken = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: firstPartyAlgorithm, typ: accessTokenType, kid: keys.keyId })
        .setIssuer(auth.issuer)
        .setAudience(auth.audience)
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + expiresIn)
        .setJti(randomUUID())
        .sign(keys.signingKey);
      return { accessToken, expiresIn };
    },
  };
}

export type AccessTokenIssuer = ReturnType<typeof createAccessTokenIssuer>;
