import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VNPay's checksums (payments.md §1.4 and §1.8), written independently of the API's signer on
 * purpose: a shared bug could not then make both sides agree on a wrong string. Encoding is done
 * byte by byte here instead of through URLSearchParams.
 */

/** Bytes a form encoder keeps as they are (WHATWG urlencoded: A–Z a–z 0–9 * - . _). */
function isKept(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2a ||
    byte === 0x2d ||
    byte === 0x2e ||
    byte === 0x5f
  );
}

/** application/x-www-form-urlencoded: UTF-8, space → '+', the rest %XX upper-case. */
export function formEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    if (isKept(byte)) out += String.fromCharCode(byte);
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const excludedFromHash = new Set(['vnp_SecureHash', 'vnp_SecureHashType']);

/** Plain code-unit order, as VNPay's demos sort (never locale order). */
function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The sign data of a parameter set: its vnp_ fields except the hash ones, empty values dropped,
 * sorted by name, form-encoded and joined with '&'. It is also the query string VNPay builds.
 */
export function vnpaySignData(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name.startsWith('vnp_') && !excludedFromHash.has(name) && params[name])
    .sort(byCodeUnit)
    .map((name) => `${formEncode(name)}=${formEncode(params[name] ?? '')}`)
    .join('&');
}

export function hmacSha512Hex(secret: string, data: string): string {
  return createHmac('sha512', Buffer.from(secret, 'utf8')).update(data, 'utf8').digest('hex');
}

export function vnpaySecureHash(params: Readonly<Record<string, string>>, secret: string): string {
  return hmacSha512Hex(secret, vnpaySignData(params));
}

/** Case-insensitive, constant-time comparison of two hex digests. */
export function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyVnpayParams(
  params: Readonly<Record<string, string>>,
  secret: string,
): boolean {
  const received = params.vnp_SecureHash;
  if (!received) return false;
  return sameHex(vnpaySecureHash(params, secret), received);
}

/** A parameter set with its vnp_SecureHash added, in sign-data order. */
export function signVnpayParams(
  params: Readonly<Record<string, string>>,
  secret: string,
): Record<string, string> {
  return { ...params, vnp_SecureHash: vnpaySecureHash(params, secret) };
}

/** The query string VNPay sends: the sign data, then the hash. */
export function signedVnpayQuery(params: Readonly<Record<string, string>>, secret: string): string {
  return `${vnpaySignData(params)}&vnp_SecureHash=${vnpaySecureHash(params, secret)}`;
}

/** querydr/refund: HMAC-SHA512 over the raw values joined with '|' in a fixed order (§1.8). */
export function pipeHash(values: readonly string[], secret: string): string {
  return hmacSha512Hex(secret, values.join('|'));
}

/*
 * The hash orders of payments.md §1.8, written from the spec and not imported from the API's
 * querydr client (apps/api/src/domains/payments/vnpay/querydr-client.ts), which lists the same
 * querydr fields: the emulator is the check on that client, and a list both sides shared would
 * let a wrong order pass on both.
 */
export const querydrRequestFields = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_TransactionDate',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
] as const;

export const querydrResponseFields = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
  'vnp_PromotionCode',
  'vnp_PromotionAmount',
] as const;

export const refundRequestFields = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TransactionType',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_TransactionNo',
  'vnp_TransactionDate',
  'vnp_CreateBy',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
] as const;

/**
 * The refund response's hash order. §1.8 does not list it; this follows the npm `vnpay` library
 * (S5 refund.service.ts): ResponseId|Command|ResponseCode|Message|TmnCode|TxnRef|Amount|BankCode|
 * PayDate|TransactionNo|TransactionType|TransactionStatus|OrderInfo.
 */
export const refundResponseFields = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
] as const;

/** The pipe hash of a JSON body's fields in `order` (a missing field hashes as empty). */
export function pipeHashOf(
  body: Readonly<Record<string, unknown>>,
  order: readonly string[],
  secret: string,
): string {
  return pipeHash(
    order.map((name) => {
      const value = body[name];
      return value === undefined || value === null ? '' : String(value);
    }),
    secret,
  );
}
