import { parseGmt7 } from './dates.ts';
import { verifyVnpayParams } from './signature.ts';

/**
 * The payment URL's checks (payments.md §1.3), in the order the gateway reports them: a missing
 * or malformed parameter first, then the terminal, then the checksum, then the expiry.
 */

export interface PaymentRequest {
  tmnCode: string;
  /** vnp_Amount as sent (VND × 100). */
  amount: string;
  orderInfo: string;
  orderType: string;
  txnRef: string;
  createDate: string;
  expireDate: string;
  ipAddr: string;
  locale: 'vn' | 'en';
  returnUrl: string;
  bankCode: string | null;
}

export type PaymentRequestCheck =
  { ok: true; request: PaymentRequest } | { ok: false; problem: string; locale: 'vn' | 'en' };

interface FieldRule {
  name: string;
  pattern: RegExp;
  /** How the format reads in the error message (VNPay's own notation). */
  format: string;
}

const alphanumeric = (min: number, max: number) => new RegExp(`^[A-Za-z0-9]{${min},${max}}$`);
const numeric = (min: number, max: number) => new RegExp(`^[0-9]{${min},${max}}$`);
/** Free text VNPay takes in an "Alphanumeric" field (OrderInfo, ReturnUrl, TxnRef...). */
const text = (min: number, max: number) => new RegExp(`^[\\x20-\\x7e]{${min},${max}}$`);

const requiredFields: readonly FieldRule[] = [
  { name: 'vnp_Version', pattern: /^2\.1\.0$/, format: '2.1.0' },
  { name: 'vnp_Command', pattern: /^pay$/, format: 'pay' },
  { name: 'vnp_TmnCode', pattern: alphanumeric(8, 8), format: 'Alphanumeric[8]' },
  { name: 'vnp_Amount', pattern: numeric(1, 12), format: 'Numeric[1,12]' },
  { name: 'vnp_CurrCode', pattern: /^VND$/, format: 'VND' },
  { name: 'vnp_CreateDate', pattern: numeric(14, 14), format: 'Numeric[14] yyyyMMddHHmmss' },
  { name: 'vnp_ExpireDate', pattern: numeric(14, 14), format: 'Numeric[14] yyyyMMddHHmmss' },
  { name: 'vnp_IpAddr', pattern: /^[0-9A-Fa-f.:]{7,45}$/, format: 'Alphanumeric[7,45]' },
  { name: 'vnp_Locale', pattern: /^(vn|en)$/, format: 'vn or en' },
  { name: 'vnp_OrderInfo', pattern: text(1, 255), format: 'Alphanumeric[1,255]' },
  { name: 'vnp_OrderType', pattern: /^[A-Za-z0-9_]{1,100}$/, format: 'Alpha[1,100]' },
  { name: 'vnp_ReturnUrl', pattern: text(10, 255), format: 'Alphanumeric[10,255]' },
  { name: 'vnp_TxnRef', pattern: /^[A-Za-z0-9_-]{1,100}$/, format: 'Alphanumeric[1,100]' },
  { name: 'vnp_SecureHash', pattern: /^[0-9A-Fa-f]{32,256}$/, format: 'Alphanumeric[32,256]' },
];

const optionalFields: readonly FieldRule[] = [
  { name: 'vnp_BankCode', pattern: alphanumeric(3, 20), format: 'Alphanumeric[3,20]' },
];

/** Parameters never sent in 2.1.0 (§1.3): hashing one in would hide a merchant bug. */
const refusedFields = ['vnp_SecureHashType'];

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Every parameter once and as a string: a repeated key (an array after a framework's query
 * parser) is refused rather than guessed at.
 */
export function singleValuedParams(
  query: URLSearchParams,
): { ok: true; params: Record<string, string> } | { ok: false; problem: string } {
  const params: Record<string, string> = {};
  for (const [name, value] of query) {
    if (Object.hasOwn(params, name)) {
      return { ok: false, problem: `${name} is repeated.` };
    }
    params[name] = value;
  }
  return { ok: true, params };
}

export interface PaymentRequestContext {
  tmnCode: string;
  hashSecret: string;
  now: Date;
}

export function checkPaymentRequest(
  query: URLSearchParams,
  context: PaymentRequestContext,
): PaymentRequestCheck {
  const locale = query.get('vnp_Locale') === 'en' ? 'en' : 'vn';
  const fail = (problem: string): PaymentRequestCheck => ({ ok: false, problem, locale });

  const single = singleValuedParams(query);
  if (!single.ok) return fail(single.problem);
  const params = single.params;

  for (const rule of requiredFields) {
    const value = params[rule.name];
    if (value === undefined || value === '') return fail(`${rule.name} is required.`);
    if (!rule.pattern.test(value)) {
      return fail(`${rule.name} is invalid: expected ${rule.format}.`);
    }
  }
  for (const rule of optionalFields) {
    const value = params[rule.name];
    if (value !== undefined && !rule.pattern.test(value)) {
      return fail(`${rule.name} is invalid: expected ${rule.format}.`);
    }
  }
  for (const name of refusedFields) {
    if (params[name] !== undefined) return fail(`${name} must not be sent in version 2.1.0.`);
  }

  const amount = params.vnp_Amount ?? '';
  if (!amount.endsWith('00') || /^0/.test(amount)) {
    return fail('vnp_Amount is invalid: VND × 100, a positive whole number ending in 00.');
  }
  const createDate = params.vnp_CreateDate ?? '';
  const expireDate = params.vnp_ExpireDate ?? '';
  const created = parseGmt7(createDate);
  if (!created) return fail('vnp_CreateDate is not a valid GMT+7 date (yyyyMMddHHmmss).');
  const expires = parseGmt7(expireDate);
  if (!expires) return fail('vnp_ExpireDate is not a valid GMT+7 date (yyyyMMddHHmmss).');
  if (expires.getTime() <= created.getTime()) {
    return fail('vnp_ExpireDate must be after vnp_CreateDate.');
  }
  const returnUrl = params.vnp_ReturnUrl ?? '';
  if (!isAbsoluteHttpUrl(returnUrl)) return fail('vnp_ReturnUrl must be an absolute http(s) URL.');

  if (params.vnp_TmnCode !== context.tmnCode) {
    return fail('vnp_TmnCode is not a registered terminal (Terminal not found).');
  }
  if (!verifyVnpayParams(params, context.hashSecret)) {
    return fail('Invalid checksum (vnp_SecureHash does not match the parameters).');
  }
  // Checked after the checksum: an honest but stale link gets the "expired" page, as VNPay does.
  if (expires.getTime() <= context.now.getTime()) {
    return fail('The payment link has expired (vnp_ExpireDate is in the past, GMT+7).');
  }

  return {
    ok: true,
    request: {
      tmnCode: context.tmnCode,
      amount,
      orderInfo: params.vnp_OrderInfo ?? '',
      orderType: params.vnp_OrderType ?? '',
      txnRef: params.vnp_TxnRef ?? '',
      createDate,
      expireDate,
      ipAddr: params.vnp_IpAddr ?? '',
      locale: params.vnp_Locale === 'en' ? 'en' : 'vn',
      returnUrl,
      bankCode: params.vnp_BankCode ?? null,
    },
  };
}
