/** The payment page's choices (payments.md §1.11). */

export const vnpayOutcomes = [
  'success',
  'cancel',
  'insufficient',
  'expired',
  'suspicious',
  'otp_wrong',
  'bank_maintenance',
] as const;
export type VnpayOutcome = (typeof vnpayOutcomes)[number];

export const vnpayDeliveries = [
  'ipn_first',
  'return_first',
  'concurrent',
  'ipn_duplicate',
  'ipn_never',
  'ipn_delayed',
  'ipn_tampered_amount',
  'ipn_bad_signature',
] as const;
export type VnpayDelivery = (typeof vnpayDeliveries)[number];

export interface OutcomePreset {
  responseCode: string;
  transactionStatus: string;
  /** Whether the bank took money and issued its own reference (vnp_BankTranNo). */
  bankReference: boolean;
  /** VNPay's transaction number is 0 on a cancellation (§1.5), a real number otherwise. */
  transactionNumber: boolean;
}

/** vnp_ResponseCode / vnp_TransactionStatus per outcome (§1.7, §1.11). */
export const outcomePresets: Readonly<Record<VnpayOutcome, OutcomePreset>> = {
  success: {
    responseCode: '00',
    transactionStatus: '00',
    bankReference: true,
    transactionNumber: true,
  },
  cancel: {
    responseCode: '24',
    transactionStatus: '02',
    bankReference: false,
    transactionNumber: false,
  },
  insufficient: {
    responseCode: '51',
    transactionStatus: '02',
    bankReference: false,
    transactionNumber: true,
  },
  expired: {
    responseCode: '11',
    transactionStatus: '02',
    bankReference: false,
    transactionNumber: true,
  },
  suspicious: {
    responseCode: '07',
    transactionStatus: '07',
    bankReference: true,
    transactionNumber: true,
  },
  otp_wrong: {
    responseCode: '13',
    transactionStatus: '02',
    bankReference: false,
    transactionNumber: true,
  },
  bank_maintenance: {
    responseCode: '75',
    transactionStatus: '02',
    bankReference: false,
    transactionNumber: true,
  },
};

export function isVnpayOutcome(value: string): value is VnpayOutcome {
  return (vnpayOutcomes as readonly string[]).includes(value);
}

export function isVnpayDelivery(value: string): value is VnpayDelivery {
  return (vnpayDeliveries as readonly string[]).includes(value);
}
