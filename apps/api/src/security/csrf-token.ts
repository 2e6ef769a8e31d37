import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The names axios (and §7) use: a readable cookie echoed in a header. */
export const csrfCookieName = 'XSRF-TOKEN';
export const csrfHeaderName = 'x-xsrf-token';

const base64url = /^[A-Za-z0-9_-]+$/;

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`xsrf-token:${nonce}`).digest('base64url');
}

/**
 * Signed double-submit token (OWASP): `<random nonce>.<HMAC(secret, nonce)>`. Someone who can
 * plant a cookie on the domain still cannot mint a pair the server accepts without the secret.
 */
export function createCsrfToken(secret: string): string {
  const nonce = randomBytes(32).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidCsrfToken(secret: string, token: string): boolean {
  const [nonce, signature, ...rest] = token.split('.');
  if (!nonce || !signature || rest.length > 0) return false;
  if (!base64url.test(nonce) || !base64url.test(signature)) return false;
  return constantTimeEqual(signature, sign(secret, nonce));
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
