import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VNPay 2.1.0 checksums (payments.md §1.4, §1.8). Payment URLs, returns and IPNs sign the
 * form-encoded, key-sorted vnp_ parameters; querydr signs raw values joined with '|'.
 */

const hashKeys = new Set(['vnp_SecureHash', 'vnp_SecureHashType']);

export function hmacSha512Hex(secret: string, data: string): string {
  return createHmac('sha512', secret).update(data, 'utf8').digest('hex');
}

/**
 * The canonical sign data: every non-empty vnp_ parameter except the hash fields, sorted by name
 * in code-unit order, form-URL-encoded (space → '+') and joined with '&'. It is also the
 * payment URL's query string.
 */
export function signData(params: Readonly<Record<string, string>>): string {
  const entries = Object.entries(params)
    .filter(([key, value]) => key.startsWith('vnp_') && !hashKeys.has(key) && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

export function signParams(params: Readonly<Record<string, string>>, secret: string): string {
  return hmacSha512Hex(secret, signData(params));
}

/** Constant-time comparison of two hex digests, case-insensitively. */
export function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type VerifiedParams =
  | { ok: true; params: Record<string, string> }
  | { ok: false; problem: 'missing' | 'not_string' | 'checksum' };

/**
 * Checks a return's or an IPN's parameters as received (raw strings, before any conversion).
 * A repeated or bracketed key parsed into an array/object is refused: it cannot be signed.
 */
export function verifyParams(
  input: Readonly<Record<string, unknown>>,
  secret: string,
): VerifiedParams {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!key.startsWith('vnp_')) continue;
    if (typeof value !== 'string') return { ok: false, problem: 'not_string' };
    params[key] = value;
  }
  const received = params['vnp_SecureHash'];
  if (received === undefined || received === '') return { ok: false, problem: 'missing' };
  return sameHex(signParams(params, secret), received)
    ? { ok: true, params }
    : { ok: false, problem: 'checksum' };
}

/** querydr / refund: HMAC over the raw values in the protocol's fixed order, joined with '|'. */
export function signPipe(values: readonly string[], secret: string): string {
  return hmacSha512Hex(secret, values.join('|'));
}
