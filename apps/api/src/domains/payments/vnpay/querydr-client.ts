import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { formatGmt7 } from './gmt7.ts';
import { sameHex, signPipe } from './signing.ts';

export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/*
 * The hash orders of payments.md §1.8. packages/sandbox/src/vnpay/signature.ts holds the same two
 * lists on purpose: its emulator checks this client, so it must not read them from here (a wrong
 * order shared by both would sign and verify happily, and only VNPay would refuse it).
 */
const requestOrder = [
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

const responseOrder = [
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

const responseSchema = z
  .record(z.string(), z.union([z.string(), z.number()]).transform(String))
  .refine((body) => typeof body['vnp_SecureHash'] === 'string', 'no vnp_SecureHash');

export class VnpayQueryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'VnpayQueryError';
  }
}

export type QuerydrAnswer =
  /** VNPay knows the transaction: its fields, hash verified. */
  | { found: true; params: Record<string, string> }
  /** 91: VNPay never saw this TxnRef (the payer never reached the payment page). */
  | { found: false };

/**
 * querydr (payments.md §1.8): asks VNPay, server to server, how a transaction stands. The
 * request and the answer are both signed over '|'-joined raw values; an answer whose hash does
 * not verify is an error, never a result.
 */
export function createQuerydrClient(options: {
  apiUrl: string;
  tmnCode: string;
  hashSecret: string;
  fetch?: FetchFunction;
  now: () => Date;
  timeoutMs?: number;
}) {
  const doFetch = options.fetch ?? fetch;
  return {
    async query(input: {
      txnRef: string;
      transactionDate: string;
      serverIp: string;
      orderInfo: string;
    }): Promise<QuerydrAnswer> {
      const fields: Record<(typeof requestOrder)[number], string> = {
        vnp_RequestId: randomBytes(16).toString('hex'),
        vnp_Version: '2.1.0',
        vnp_Command: 'querydr',
        vnp_TmnCode: options.tmnCode,
        vnp_TxnRef: input.txnRef,
        vnp_TransactionDate: input.transactionDate,
        vnp_CreateDate: formatGmt7(options.now()),
        vnp_IpAddr: input.serverIp,
        vnp_OrderInfo: input.orderInfo,
      };
      const body = {
        ...fields,
        vnp_SecureHash: signPipe(
          requestOrder.map((name) => fields[name]),
          options.hashSecret,
        ),
      };
      let response: Response;
      try {
        response = await doFetch(options.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new VnpayQueryError('VNPay querydr could not be reached', { cause: error });
      }
      if (!response.ok) throw new VnpayQueryError(`VNPay querydr answered HTTP ${response.status}`);
      const parsed = responseSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new VnpayQueryError('VNPay querydr answered an unexpected body');
      const answer = parsed.data;
      const expected = signPipe(
        responseOrder.map((name) => answer[name] ?? ''),
        options.hashSecret,
      );
      if (!sameHex(expected, answer['vnp_SecureHash'] ?? '')) {
        throw new VnpayQueryError('VNPay querydr answer has an invalid checksum');
      }
      if (answer['vnp_TmnCode'] !== options.tmnCode || answer['vnp_TxnRef'] !== input.txnRef) {
        throw new VnpayQueryError('VNPay querydr answered about another terminal or transaction');
      }
      const code = answer['vnp_ResponseCode'];
      if (code === '91') return { found: false };
      if (code !== '00') throw new VnpayQueryError(`VNPay querydr refused the request (${code})`);
      return { found: true, params: answer };
    },
  };
}

export type QuerydrClient = ReturnType<typeof createQuerydrClient>;
