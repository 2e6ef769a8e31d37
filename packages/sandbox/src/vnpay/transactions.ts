import type { PaymentRequest } from './payment-request.ts';

/** What the emulator remembers of a TxnRef, for querydr and refund (payments.md §1.8). */
export interface VnpayResult {
  responseCode: string;
  transactionStatus: string;
  /** '0' on a cancellation. */
  transactionNo: string;
  bankCode: string;
  payDate: string;
}

export interface VnpayRefund {
  /** 02 full, 03 partial. */
  transactionType: '02' | '03';
  /** VND × 100. */
  amount: string;
}

export interface VnpayTransaction {
  request: PaymentRequest;
  /** Set once the payer chose an outcome; until then querydr says "not completed" (01). */
  result: VnpayResult | null;
  refund: VnpayRefund | null;
}

export type VnpayTransactions = Map<string, VnpayTransaction>;
