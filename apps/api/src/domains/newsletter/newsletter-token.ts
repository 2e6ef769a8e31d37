import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the secret part of the confirmation link. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmationToken(token) };
}

/** Only this hash is stored, so a database leak yields no usable links. */
export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
