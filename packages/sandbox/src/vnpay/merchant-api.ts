import { randomBytes } from 'node:crypto';
import { formatGmt7, gmt7Day, parseGmt7 } from './dates.ts';
import {
  pipeHashOf,
  querydrRequestFields,
  querydrResponseFields,
  refundRequestFields,
  refundResponseFields,
  sameHex,
} from './signature.ts';
import type { VnpayTransaction, VnpayTransactions } from './transactions.ts';

/**
 * `POST /merchant_webapi/api/transaction` (payments.md §1.8): querydr and refund, JSON in and
 * out, each checksum an HMAC-SHA512 over raw values joined with '|' in a fixed field order.
 * Checks run in this order: format (03), terminal (02), checksum (97), request id reused the same
 * day (94), then the transaction itself (91, 95, 94).
 */

export interface MerchantApiContext {
  tmnCode: string;
  hashSecret: string;
  transactions: VnpayTransactions;
  now: () => Date;
  /** vnp_RequestId values seen, keyed by GMT+7 day: VNPay refuses a repeat within the day. */
  requestIds: Map<string, Set<string>>;
}

type Body = Record<string, string>;

const messages: Record<string, string> = {
  '00': 'Request successful',
  '02': 'Merchant is not valid (vnp_TmnCode)',
  '03': 'Invalid data format',
  '91': 'Transaction not found',
  '94': 'Duplicate request',
  '95': 'This transaction was not successful at VNPay; refund refused',
  '97': 'Invalid checksum',
  '99': 'Other errors',
};

interface FieldFormat {
  name: string;
  pattern: RegExp;
  optional?: boolean;
}

const requestId = /^[A-Za-z0-9_-]{1,32}$/;
const timestamp = /^\d{14}$/;
const ip = /^[0-9A-Fa-f.:]{7,45}$/;
const orderInfo = /^[\x20-\x7e]{1,255}$/;

const querydrFormats: readonly FieldFormat[] = [
  { name: 'vnp_RequestId', pattern: requestId },
  { name: 'vnp_Version', pattern: /^2\.1\.0$/ },
  { name: 'vnp_Command', pattern: /^querydr$/ },
  { name: 'vnp_TmnCode', pattern: /^[A-Za-z0-9]{8}$/ },
  { name: 'vnp_TxnRef', pattern: /^[A-Za-z0-9_-]{1,100}$/ },
  { name: 'vnp_TransactionDate', pattern: timestamp },
  { name: 'vnp_CreateDate', pattern: timestamp },
  { name: 'vnp_IpAddr', pattern: ip },
  { name: 'vnp_OrderInfo', pattern: orderInfo },
  { name: 'vnp_TransactionNo', pattern: /^\d{1,15}$/, optional: true },
  { name: 'vnp_SecureHash', pattern: /^[0-9A-Fa-f]{32,256}$/ },
];

const refundFormats: readonly FieldFormat[] = [
  { name: 'vnp_RequestId', pattern: requestId },
  { name: 'vnp_Version', pattern: /^2\.1\.0$/ },
  { name: 'vnp_Command', pattern: /^refund$/ },
  { name: 'vnp_TmnCode', pattern: /^[A-Za-z0-9]{8}$/ },
  { name: 'vnp_TransactionType', pattern: /^0[23]$/ },
  { name: 'vnp_TxnRef', pattern: /^[A-Za-z0-9_-]{1,100}$/ },
  { name: 'vnp_Amount', pattern: /^[1-9]\d{0,11}$/ },
  { name: 'vnp_TransactionNo', pattern: /^\d{1,15}$/, optional: true },
  { name: 'vnp_TransactionDate', pattern: timestamp },
  { name: 'vnp_CreateBy', pattern: /^[\x20-\x7e]{1,250}$/ },
  { name: 'vnp_CreateDate', pattern: timestamp },
  { name: 'vnp_IpAddr', pattern: ip },
  { name: 'vnp_OrderInfo', pattern: orderInfo },
  { name: 'vnp_SecureHash', pattern: /^[0-9A-Fa-f]{32,256}$/ },
];

function responseId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * JSON numbers are taken as their decimal text (the npm library sends vnp_Amount as a number);
 * anything else that is not a string is a format error.
 */
function flatStrings(value: unknown): Body | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const body: Body = {};
  for (const [name, field] of Object.entries(value)) {
    if (typeof field === 'string') body[name] = field;
    else if (typeof field === 'number' && Number.isSafeInteger(field)) body[name] = String(field);
    else if (field !== null && field !== undefined) return null;
  }
  return body;
}

function formatProblem(body: Body, formats: readonly FieldFormat[]): boolean {
  return formats.some((rule) => {
    const value = body[rule.name];
    if (value === undefined || value === '') return !rule.optional;
    return !rule.pattern.test(value);
  });
}

function signed(
  fields: Body,
  order: readonly string[],
  secret: string,
): Body & { vnp_SecureHash: string } {
  return { ...fields, vnp_SecureHash: pipeHashOf(fields, order, secret) };
}

function querydrAnswer(
  context: MerchantApiContext,
  request: Body,
  code: string,
  transaction: VnpayTransaction | null,
): Body {
  const result = transaction?.result ?? null;
  const fields: Body = {
    vnp_ResponseId: responseId(),
    vnp_Command: 'querydr',
    vnp_ResponseCode: code,
    vnp_Message: code === '00' ? 'QueryDR Success' : (messages[code] ?? messages['99'] ?? ''),
    vnp_TmnCode: context.tmnCode,
    vnp_TxnRef: request.vnp_TxnRef ?? '',
  };
  if (code === '00' && transaction) {
    Object.assign(fields, {
      vnp_Amount: transaction.request.amount,
      vnp_BankCode: result?.bankCode ?? '',
      vnp_PayDate: result?.payDate ?? '',
      vnp_TransactionNo: result?.transactionNo ?? '0',
      vnp_TransactionType: transaction.refund?.transactionType ?? '01',
      // Opened but never finished: "not completed" (§1.7).
      vnp_TransactionStatus: result?.transactionStatus ?? '01',
      vnp_OrderInfo: transaction.request.orderInfo,
      vnp_PromotionCode: '',
      vnp_PromotionAmount: '',
    });
  }
  return signed(fields, querydrResponseFields, context.hashSecret);
}

function refundAnswer(
  context: MerchantApiContext,
  request: Body,
  code: string,
  transaction: VnpayTransaction | null,
): Body {
  const fields: Body = {
    vnp_ResponseId: responseId(),
    vnp_Command: 'refund',
    vnp_ResponseCode: code,
    vnp_Message: code === '00' ? 'Refund success' : (messages[code] ?? messages['99'] ?? ''),
    vnp_TmnCode: context.tmnCode,
    vnp_TxnRef: request.vnp_TxnRef ?? '',
  };
  if (code === '00' && transaction?.result && transaction.refund) {
    Object.assign(fields, {
      vnp_Amount: transaction.refund.amount,
      vnp_BankCode: transaction.result.bankCode,
      vnp_PayDate: formatGmt7(context.now()),
      vnp_TransactionNo: transaction.result.transactionNo,
      vnp_TransactionType: transaction.refund.transactionType,
      // 05: VNPay is processing the refund (§1.7).
      vnp_TransactionStatus: '05',
      vnp_OrderInfo: request.vnp_OrderInfo ?? '',
    });
  }
  return signed(fields, refundResponseFields, context.hashSecret);
}

/** True the first time a request id is seen on its GMT+7 day. */
function claimRequestId(context: MerchantApiContext, id: string): boolean {
  const day = gmt7Day(context.now());
  let seen = context.requestIds.get(day);
  if (!seen) {
    // Only today's ids matter: earlier days are forgotten.
    context.requestIds.clear();
    seen = new Set();
    context.requestIds.set(day, seen);
  }
  if (seen.has(id)) return false;
  seen.add(id);
  return true;
}

function querydr(context: MerchantApiContext, request: Body): Body {
  const answer = (code: string, transaction: VnpayTransaction | null = null) =>
    querydrAnswer(context, request, code, transaction);
  if (formatProblem(request, querydrFormats) || !parseGmt7(request.vnp_CreateDate ?? '')) {
    return answer('03');
  }
  if (request.vnp_TmnCode !== context.tmnCode) return answer('02');
  const expected = pipeHashOf(request, querydrRequestFields, context.hashSecret);
  if (!sameHex(expected, request.vnp_SecureHash ?? '')) return answer('97');
  if (!claimRequestId(context, request.vnp_RequestId ?? '')) return answer('94');
  const transaction = context.transactions.get(request.vnp_TxnRef ?? '');
  if (!transaction) return answer('91');
  return answer('00', transaction);
}

function refund(context: MerchantApiContext, request: Body): Body {
  const answer = (code: string, transaction: VnpayTransaction | null = null) =>
    refundAnswer(context, request, code, transaction);
  if (formatProblem(request, refundFormats) || !parseGmt7(request.vnp_CreateDate ?? '')) {
    return answer('03');
  }
  if (request.vnp_TmnCode !== context.tmnCode) return answer('02');
  const expected = pipeHashOf(request, refundRequestFields, context.hashSecret);
  if (!sameHex(expected, request.vnp_SecureHash ?? '')) return answer('97');
  if (!claimRequestId(context, request.vnp_RequestId ?? '')) return answer('94');
  const transaction = context.transactions.get(request.vnp_TxnRef ?? '');
  if (!transaction) return answer('91');
  const result = transaction.result;
  if (!result || result.responseCode !== '00' || result.transactionStatus !== '00') {
    return answer('95');
  }
  // A second refund while the first is still being processed (the emulator never finishes one).
  if (transaction.refund) return answer('94');
  const paid = BigInt(transaction.request.amount);
  const amount = BigInt(request.vnp_Amount ?? '0');
  const type = request.vnp_TransactionType === '02' ? '02' : '03';
  if (amount > paid || (type === '02' && amount !== paid) || (type === '03' && amount === paid)) {
    return answer('03');
  }
  transaction.refund = { transactionType: type, amount: amount.toString() };
  return answer('00', transaction);
}

/** The JSON answer to one merchant API call (always HTTP 200, like VNPay). */
export function answerMerchantApi(context: MerchantApiContext, rawBody: string): Body {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    parsed = null;
  }
  const body = flatStrings(parsed);
  if (!body) {
    return signed(
      {
        vnp_ResponseId: responseId(),
        vnp_Command: '',
        vnp_ResponseCode: '03',
        vnp_Message: messages['03'] ?? '',
        vnp_TmnCode: context.tmnCode,
      },
      querydrResponseFields,
      context.hashSecret,
    );
  }
  if (body.vnp_Command === 'refund') return refund(context, body);
  return querydr(context, body);
}
