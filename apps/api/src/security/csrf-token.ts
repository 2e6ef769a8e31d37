import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The names §7 uses (and the SPA's fetch client sends): a readable cookie echoed in a header. */
export const csrfCookieName = 'XSRF-TOKEN';
export const csrfHeaderName = 'x-xsrf-token';

const base64url = /^[A-Za-z0-9_-]+$/;

/** What a token is bound to when the browser has no sign-in (no refresh cookie). */
export const anonymousCsrfBinding = 'anonymous';

function sign(secret: string, binding: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`xsrf-token\n${binding}\n${nonce}`)
    .digest('base64url');
}

/**
 * Signed double-submit token (OWASP, security.md §1.5): `<random nonce>.<HMAC(secret, binding ‖
 * nonce)>`, where the binding is the browser's sign-in (its session id) or "anonymous". Someone
 * who can plant a cookie on the domain cannot mint a pair the server accepts without the secret,
 * and a token taken from one session is refused in another.
 */
export function createCsrfToken(secret: string, binding: string = anonymousCsrfBinding): string {
  const nonce = randomBytes(32).toString('base64url');
  return `${nonce}.${sign(secret, binding, nonce)}`;
}

export function isValidCsrfToken(
  secret: string,
  token: string,
  binding: string = anonymousCsrfBinding,
): boolean {
  const [nonce, signature, ...rest] = token.split('.');
  if (!nonce || !signature || rest.length > 0) return false;
  if (!base64url.test(nonce) || !base64url.test(signature)) return false;
  return constantTimeEqual(signature, sign(secret, binding, nonce));
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
