import { createHash } from 'node:crypto';
import type { VerifiedBearer } from './bearer-verifier.ts';

/**
 * One string naming the sign-in a bearer token belongs to, for what must not outlive it or leak
 * to another (a passkey verification, issue 13 §10). A first-party token names its session; an
 * external identity token has none, so its issuer, subject and sign-in time (auth_time, else
 * iat) stand for it: signing in there again gives another key.
 */
export function sessionKeyOf(bearer: VerifiedBearer): string {
  if (bearer.kind === 'first-party') return bearer.sessionId;
  const digest = createHash('sha256')
    .update(`${bearer.issuer}\n${bearer.subject}\n${bearer.issuedAt}`)
    .digest('base64url');
  return `external:${digest}`;
}
