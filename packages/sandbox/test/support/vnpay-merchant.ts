import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A merchant's side of VNPay for the emulator's tests, written with URLSearchParams (the API's
 * way) so it cross-checks the emulator's own byte-by-byte encoder.
 */

export const tmnCode = 'SANDBOX1';
export const hashSecret = 'sandbox-hash-secret';
export const basePath = '/sandbox/vnpay';
export const gateway = `http://127.0.0.1:4400${basePath}`;
export const ipnUrl = 'http://127.0.0.1:8080/api/payments/vnpay/ipn';
export const returnUrl = 'http://127.0.0.1:8080/payment/callback?provider=vnpay';
/** 2025-01-01 10:00:00 in Vietnam. */
export const fixedNow = new Date('2025-01-01T03:00:00.000Z');

export function hmac512(data: string, secret = hashSecret): string {
  return createHmac('sha512', secret).update(data, 'utf8').digest('hex');
}

export function signData(params: Record<string, string>): string {
  const sorted = Object.entries(params)
    .filter(([name, value]) => name.startsWith('vnp_') && value !== '')
    .filter(([name]) => name !== 'vnp_SecureHash' && name !== 'vnp_SecureHashType')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(sorted).toString();
}

export function verifies(query: URLSearchParams, secret = hashSecret): boolean {
  const params = Object.fromEntries(query);
  const received = params.vnp_SecureHash ?? '';
  const expected = hmac512(signData(params), secret);
  return (
    received.length === expected.length &&
    timingSafeEqual(Buffer.from(received.toLowerCase()), Buffer.from(expected))
  );
}

export function paymentParams(): Record<string, string> {
  return {
    vnp_Version: '2.1.0',
    vnp_Command: 'pay',
    vnp_TmnCode: tmnCode,
    vnp_Amount: '57800000',
    vnp_CurrCode: 'VND',
    vnp_CreateDate: '20250101100000',
    vnp_ExpireDate: '20250101101500',
    vnp_IpAddr: '203.0.113.9',
    vnp_Locale: 'en',
    vnp_OrderInfo: 'Thanh toan AI Studio pro_monthly pay_01',
    vnp_OrderType: 'other',
    vnp_ReturnUrl: returnUrl,
    vnp_TxnRef: 'pay01',
  };
}

/** A signed payment URL; `changes` edit the parameters before signing (null removes one). */
export function paymentUrl(
  changes: Record<string, string | null> = {},
  options: { secret?: string; afterSigning?: Record<string, string> } = {},
): string {
  const params = Object.fromEntries(
    Object.entries({ ...paymentParams(), ...changes }).filter(
      (entry): entry is [string, string] => entry[1] !== null,
    ),
  );
  const data = signData(params);
  let url = `${gateway}/paymentv2/vpcpay.html?${data}&vnp_SecureHash=${hmac512(data, options.secret)}`;
  for (const [name, value] of Object.entries(options.afterSigning ?? {})) {
    url += `&${name}=${encodeURIComponent(value)}`;
  }
  return url;
}

/** The nth IPN the merchant received (fails the test when there is none). */
export function receivedIpn(calls: readonly RecordedIpn[], index = 0): URLSearchParams {
  const call = calls[index];
  if (!call) throw new Error(`no IPN number ${index + 1}`);
  return call.query;
}

export interface RecordedIpn {
  query: URLSearchParams;
  answer: string;
}

/**
 * An IPN endpoint that follows §1.6: 97 bad checksum, 04 wrong amount, 00 the first time, 02
 * after; `failures` answers 99 that many times first (to exercise retries).
 */
export function fakeMerchant(expectedAmount = '57800000', failures = 0) {
  const calls: RecordedIpn[] = [];
  const confirmed = new Set<string>();
  let toFail = failures;
  const deliver = async (url: string) => {
    const query = new URL(url).searchParams;
    let answer: string;
    if (!verifies(query)) answer = '97';
    else if (query.get('vnp_Amount') !== expectedAmount) answer = '04';
    else if (toFail > 0) {
      toFail -= 1;
      answer = '99';
    } else if (confirmed.has(query.get('vnp_TxnRef') ?? '')) answer = '02';
    else {
      confirmed.add(query.get('vnp_TxnRef') ?? '');
      answer = '00';
    }
    calls.push({ query, answer });
    return { status: 200, body: JSON.stringify({ RspCode: answer, Message: 'test' }) };
  };
  return { calls, deliver };
}
