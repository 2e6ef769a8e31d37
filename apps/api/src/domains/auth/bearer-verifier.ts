import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  type JWTPayload,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import type { AuthConfig } from './auth-config.ts';
import type { IdentityConfig } from './identity-config.ts';
import { accessTokenType, firstPartyAlgorithm } from './access-tokens.ts';
import type { AuthKeys } from './keys.ts';

/** Why a bearer token was refused; for the log only (the client always gets the same 401). */
export class InvalidTokenError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'InvalidTokenError';
  }
}

/** Small allowance for clocks that disagree (RFC 8725 / ASVS 9.2.1). */
export const clockToleranceSeconds = 30;
/** Longer than any real access token; refuses absurd inputs before any parsing. */
const maxTokenLength = 8192;
/** Header parameters that would let the token choose its own key (ASVS 9.1.3). */
const keyChoosingHeaders = ['jku', 'jwk', 'x5u', 'x5c'] as const;
/** `typ` values an external access token may carry; ID tokens say JWT too, `aud` tells them apart. */
const externalTokenTypes = new Set(['at+jwt', 'application/at+jwt', 'jwt']);

export interface FirstPartyBearer {
  kind: 'first-party';
  userId: string;
  sessionId: string;
  /** Seconds since the epoch: compared with the user's tokens_not_before. */
  issuedAt: number;
}

export interface ExternalBearer {
  kind: 'external';
  issuer: string;
  subject: string;
  /** auth_time when present (when the person really signed in), else iat. */
  issuedAt: number;
  claims: JWTPayload;
}

export type VerifiedBearer = FirstPartyBearer | ExternalBearer;

interface Dependencies {
  auth: AuthConfig;
  identity: IdentityConfig | null;
  keys: AuthKeys;
  now: () => Date;
  /** Tests hand in a key set; otherwise the provider's JWKS is fetched (and cached) by jose. */
  externalKeys?: JWTVerifyGetKey;
}

/** The provider's jwks_uri from its discovery document, checked against the expected issuer. */
async function discoverJwksUri(issuer: string): Promise<URL> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document: unknown = await response.json();
  if (typeof document !== 'object' || document === null) throw new Error('discovery is not JSON');
  const { issuer: advertised, jwks_uri: jwksUri } = document as Record<string, unknown>;
  if (advertised !== issuer) throw new Error('discovery names another issuer');
  if (typeof jwksUri !== 'string') throw new Error('discovery has no jwks_uri');
  return new URL(jwksUri);
}

function externalKeySet(identity: IdentityConfig): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const load = async () =>
    createRemoteJWKSet(
      identity.jwksUri ? new URL(identity.jwksUri) : await discoverJwksUri(identity.issuer),
      { timeoutDuration: 5_000, cooldownDuration: 30_000 },
    );
  return async (header, token) => {
    keySet ??= load().catch((error: unknown) => {
      // A failed discovery is retried on the next token rather than remembered forever.
      keySet = undefined;
      throw error;
    });
    return (await keySet)(header, token);
  };
}

/**
 * A token the provider issued for sign-in only (no API scope) must not open the API. B2C and
 * Entra put the short scope name in `scp` ("access.read" for
 * "https://t.onmicrosoft.com/api/access.read"); oidc-provider puts it in `scope`.
 */
function grantsApiScope(payload: JWTPayload, scopes: string[]): boolean {
  if (scopes.length === 0) return true;
  const granted = new Set(
    [payload['scp'], payload['scope']]
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((value): value is string => typeof value === 'string')
      .flatMap((value) => value.split(' ')),
  );
  return scopes.some((scope) => granted.has(scope) || granted.has(scope.split('/').pop() ?? scope));
}

function audiences(payload: JWTPayload): string[] {
  if (typeof payload.aud === 'string') return [payload.aud];
  return Array.isArray(payload.aud) ? payload.aud : [];
}

/**
 * Verifies a bearer token from one of the two issuers the API trusts: its own first-party
 * sign-in (EdDSA, our derived key) and the configured identity service (its JWKS and its
 * algorithm allow-list). The unverified `iss` only chooses between those two verifiers; the
 * signature, `iss`, `aud`, `exp`/`nbf` and token type are then checked by jose.
 */
export function createBearerVerifier({ auth, identity, keys, now, externalKeys }: Dependencies) {
  const identityKeys = identity ? (externalKeys ?? externalKeySet(identity)) : null;

  async function verifyFirstParty(token: string, kid: unknown): Promise<FirstPartyBearer> {
    if (kid !== keys.keyId) throw new InvalidTokenError('unknown key id');
    const { payload } = await jwtVerify(token, keys.verificationKey, {
      algorithms: [firstPartyAlgorithm],
      issuer: auth.issuer,
      audience: auth.audience,
      typ: accessTokenType,
      clockTolerance: clockToleranceSeconds,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      currentDate: now(),
    });
    if (typeof payload.sub !== 'string' || typeof payload['sid'] !== 'string') {
      throw new InvalidTokenError('malformed subject or session');
    }
    return {
      kind: 'first-party',
      userId: payload.sub,
      sessionId: payload['sid'],
      issuedAt: payload.iat ?? 0,
    };
  }

  async function verifyExternal(
    token: string,
    config: IdentityConfig,
    getKey: JWTVerifyGetKey,
    typ: unknown,
  ): Promise<ExternalBearer> {
    if (
      typ !== undefined &&
      !(typeof typ === 'string' && externalTokenTypes.has(typ.toLowerCase()))
    ) {
      throw new InvalidTokenError('not an access token type');
    }
    const { payload } = await jwtVerify(token, getKey, {
      algorithms: config.algorithms,
      issuer: config.issuer,
      audience: config.audience,
      clockTolerance: clockToleranceSeconds,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: now(),
    });
    // An ID token is addressed to the SPA (aud = client id), never to the API.
    if (config.clientId !== config.audience && audiences(payload).includes(config.clientId)) {
      throw new InvalidTokenError('an ID token, not an access token');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      throw new InvalidTokenError('no subject');
    }
    if (!grantsApiScope(payload, config.scopes)) {
      throw new InvalidTokenError('the API scope was not granted');
    }
    const authTime = payload['auth_time'];
    return {
      kind: 'external',
      issuer: config.issuer,
      subject: payload.sub,
      issuedAt: typeof authTime === 'number' ? authTime : (payload.iat ?? 0),
      claims: payload,
    };
  }

  return {
    async verify(token: string): Promise<VerifiedBearer> {
      if (token.length > maxTokenLength || token.split('.').length !== 3) {
        throw new InvalidTokenError('not a compact JWS');
      }
      let header: ReturnType<typeof decodeProtectedHeader>;
      let issuer: unknown;
      try {
        header = decodeProtectedHeader(token);
        issuer = decodeJwt(token).iss;
      } catch (error) {
        throw new InvalidTokenError('undecodable', { cause: error });
      }
      if (keyChoosingHeaders.some((name) => name in header)) {
        throw new InvalidTokenError('header names its own key');
      }
      try {
        if (issuer === auth.issuer) return await verifyFirstParty(token, header.kid);
        if (identity && identityKeys && issuer === identity.issuer) {
          return await verifyExternal(token, identity, identityKeys, header.typ);
        }
      } catch (error) {
        if (error instanceof InvalidTokenError) throw error;
        const code = typeof error === 'object' && error && 'code' in error ? error.code : null;
        throw new InvalidTokenError(typeof code === 'string' ? code : 'verification failed', {
          cause: error,
        });
      }
      throw new InvalidTokenError('unknown issuer');
    },
  };
}

export type BearerVerifier = ReturnType<typeof createBearerVerifier>;
