import type { PaymentReason } from '@studio/contracts';
import type { VerifiedResult } from '../apply-result.ts';
import { parseGmt7 } from './gmt7.ts';

/** vnp_ResponseCode → why it did not complete (contracts paymentReasons). */
const reasonByCode: Record<string, PaymentReason> = {
  '24': 'cancelled',
  '51': 'insufficient_funds',
  '11': 'expired',
  '07': 'suspicious',
  '09': 'authentication',
  '10': 'authentication',
  '12': 'declined',
  '13': 'authentication',
  '79': 'authentication',
  '65': 'limit_exceeded',
  '75': 'bank_unavailable',
};

export function reasonOf(responseCode: string): PaymentReason {
  return reasonByCode[responseCode] ?? 'other';
}

/** What we keep of a VNPay answer for support and reconciliation (never the hash). */
export function detailsOf(
  params: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> {
  const pick = (key: string) => params[key] || undefined;
  return Object.fromEntries(
    Object.entries({
      bankCode: pick('vnp_BankCode'),
      bankTranNo: pick('vnp_BankTranNo'),
      cardType: pick('vnp_CardType'),
      payDate: pick('vnp_PayDate'),
      transactionNo: pick('vnp_TransactionNo'),
      responseCode: pick('vnp_ResponseCode'),
      transactionStatus: pick('vnp_TransactionStatus'),
    }).filter(([, value]) => value !== undefined),
  );
}

/**
 * A verified VNPay result (return, IPN or querydr) as the applier takes it. Success needs both
 * codes 00 (the strict reading, §1.5); 07 holds the money for review; a transaction VNPay still
 * reports as not completed (01) is pending; anything else failed, a customer cancel (24) cancelled.
 */
export function resultOf(
  params: Readonly<Record<string, string | undefined>>,
  now: Date,
): VerifiedResult {
  const responseCode = params['vnp_ResponseCode'] ?? '';
  const status = params['vnp_TransactionStatus'] ?? '';
  const transactionNo = params['vnp_TransactionNo'] ?? '';
  const details = detailsOf(params);
  const payload = { ...params, vnp_SecureHash: undefined };
  if (responseCode === '00' && status === '00') {
    return {
      kind: 'succeeded',
      providerTxnId: transactionNo,
      // vnp_Amount is ×100 of đồng; the integer string was checked before conversion.
      amountMinor: Number(params['vnp_Amount'] ?? '0') / 100,
      currency: 'VND',
      paidAt: parseGmt7(params['vnp_PayDate'] ?? '') ?? now,
      details,
      payload,
    };
  }
  if (responseCode === '07' || status === '07') {
    return {
      kind: 'needs_review',
      reason: 'suspicious',
      providerTxnId: transactionNo,
      details,
      payload,
    };
  }
  if (status === '01' && (responseCode === '' || responseCode === '00')) {
    return { kind: 'pending', details, payload };
  }
  const reason = reasonOf(responseCode);
  return {
    kind: reason === 'cancelled' ? 'cancelled' : reason === 'expired' ? 'expired' : 'failed',
    reason,
    ...(transactionNo ? { providerTxnId: transactionNo } : {}),
    details,
    payload,
  };
}

/**
 * A querydr answer as a result. Its vnp_ResponseCode is the API's own code (00 = the query
 * worked), so the payment's state is read from vnp_TransactionStatus alone (§1.7).
 */
export function resultOfQuery(params: Readonly<Record<string, string>>, now: Date): VerifiedResult {
  const status = params['vnp_TransactionStatus'] ?? '';
  const asPayment: Record<string, string> = { ...params };
  if (status === '00') asPayment['vnp_ResponseCode'] = '00';
  else if (status === '01') asPayment['vnp_ResponseCode'] = '';
  else if (status === '07') asPayment['vnp_ResponseCode'] = '07';
  else asPayment['vnp_ResponseCode'] = '99';
  return resultOf(asPayment, now);
}
