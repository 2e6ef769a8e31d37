import { randomBytes, timingSafeEqual } from 'node:crypto';
import { jsonResponse, type SandboxRequest, type SandboxResponse } from '../exchange.ts';
import { authenticationFailure } from './errors.ts';

/**
 * OAuth2 client credentials (payments.md §2.2): `POST /v1/oauth2/token` with Basic
 * base64(client_id:client_secret) and grant_type=client_credentials gives a Bearer token every
 * other call needs.
 */

export interface TokenIssuer {
  issue(request: SandboxRequest): SandboxResponse;
  /** Null when the request carries a live token, else the 401 to answer. */
  check(request: SandboxRequest): SandboxResponse | null;
  /** Test knob: every token issued so far expires now (clients must refresh on 401). */
  expireAll(): void;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

const invalidClient = () =>
  jsonResponse(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });

export function createTokenIssuer(options: {
  clientId: string;
  clientSecret: string;
  ttlSeconds: number;
  appId: string;
  now: () => Date;
}): TokenIssuer {
  const tokens = new Map<string, number>();

  function credentialsOf(request: SandboxRequest): [string, string] | null {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return [decoded.slice(0, colon), decoded.slice(colon + 1)];
  }

  return {
    issue(request) {
      const credentials = credentialsOf(request);
      if (
        !credentials ||
        !sameText(credentials[0], options.clientId) ||
        !sameText(credentials[1], options.clientSecret)
      ) {
        return invalidClient();
      }
      const grant = new URLSearchParams(request.body).get('grant_type');
      if (grant !== 'client_credentials') {
        return jsonResponse(400, {
          error: 'unsupported_grant_type',
          error_description: grant ? `Grant Type ${grant} is not supported` : 'Grant Type is NULL',
        });
      }
      const token = `A21AA${randomBytes(32).toString('base64url')}`;
      tokens.set(token, options.now().getTime() + options.ttlSeconds * 1000);
      return jsonResponse(200, {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks openid',
        access_token: token,
        token_type: 'Bearer',
        app_id: options.appId,
        expires_in: options.ttlSeconds,
        nonce: `${options.now().toISOString()}${randomBytes(8).toString('base64url')}`,
      });
    },
    check(request) {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) return authenticationFailure('MISSING_AUTHORIZATION');
      const expiresAt = tokens.get(match[1]);
      if (expiresAt === undefined) return authenticationFailure('INVALID_TOKEN');
      if (expiresAt <= options.now().getTime()) return authenticationFailure('TOKEN_EXPIRED');
      return null;
    },
    expireAll() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
}
