import type {
  ErrorResponse,
  MembershipResponse,
  MembershipSummary,
  PaymentMethodsResponse,
  PaymentRecord,
  PaymentStatusResponse,
  PaypalCreateResponse,
  PricingResponse,
  VnpayCreateResponse,
} from '@studio/contracts';
import { delay, http, HttpResponse } from 'msw';

/**
 * Plans and payments (§7): pricing, payment methods, the two providers' create calls, the
 * return handling (VNPay callback, PayPal capture and cancel), payment status and membership.
 * The happy variants answer like the API on its embedded sandbox providers.
 */

const paths = {
  pricing: '*/api/pricing',
  methods: '*/api/payment-methods',
  vnpayCreate: '*/api/payments/vnpay/create',
  paypalCreate: '*/api/payments/paypal/create',
  vnpayCallback: '*/api/payments/vnpay/callback',
  paypalCapture: '*/api/payments/paypal/capture',
  paypalCancel: '*/api/payments/paypal/cancel',
  status: '*/api/payments/status/:id',
  cancel: '*/api/payments/:id/cancel',
  membership: '*/api/membership',
} as const;

export const samplePricing: PricingResponse = {
  subscriptions: {
    monthly: { USD: 19.99, VND: 578_000 },
    yearly: { USD: 199.99, VND: 5_780_000 },
  },
  monthly: { amount: 19.99, currency: 'USD' },
  addons: { godmode: { USD: 578, VND: 14_450_000 } },
  yearlySavings: {
    USD: { amount: 39.89, percent: 17 },
    VND: { amount: 1_156_000, percent: 17 },
  },
  entitlements: {
    free: {
      models: 'free',
      daily: {
        chat: 100,
        images: 25,
        speech: 10_000,
        transcription: 600,
        music: 600,
        vision: 30,
        pages: 100,
        writing: 20,
      },
      dailyMessages: 100,
      dailyImages: 25,
      spokenReplies: true,
      activeShareLinks: 5,
      shareLinkMaxDays: 30,
    },
    pro: {
      models: 'pro',
      daily: {
        chat: 2000,
        images: 500,
        speech: 200_000,
        transcription: 7200,
        music: 7200,
        vision: 300,
        pages: 1000,
        writing: 300,
      },
      dailyMessages: 2000,
      dailyImages: 500,
      spokenReplies: true,
      activeShareLinks: 100,
      shareLinkMaxDays: 365,
    },
    godmode: {
      models: 'godmode',
      daily: {
        chat: 10_000,
        images: 2000,
        speech: 1_000_000,
        transcription: 14_400,
        music: 36_000,
        vision: 1000,
        pages: 5000,
        writing: 1000,
      },
      dailyMessages: 10_000,
      dailyImages: 2000,
      spokenReplies: true,
      activeShareLinks: 1000,
      shareLinkMaxDays: 365,
    },
  },
  visitor: {
    daily: {
      chat: 20,
      images: 5,
      speech: 2000,
      transcription: 120,
      music: 180,
      vision: 10,
      pages: 30,
      writing: 5,
    },
    dailyMessages: 20,
    dailyImages: 5,
  },
};

export const sampleMethods: PaymentMethodsResponse = {
  methods: [
    { id: 'paypal', name: 'PayPal', currency: 'USD', available: true, sandbox: true },
    { id: 'vnpay', name: 'VNPay', currency: 'VND', available: true, sandbox: true },
  ],
};

export const freeMembership: MembershipSummary = {
  subscriptionTier: 'free',
  proUntil: null,
  godmodeUntil: null,
  tier: 'free',
};

const proMembership: MembershipSummary = {
  subscriptionTier: 'pro',
  proUntil: '2026-12-21T09:30:00.000Z',
  godmodeUntil: null,
  tier: 'pro',
};

export const samplePayment: PaymentRecord = {
  orderId: 'pay_01JDX4S7N5Q2W8E3R6T9Y1U4I7',
  transactionRef: '01JDX4S7N5Q2W8E3R6T9',
  provider: 'vnpay',
  planType: 'pro_monthly',
  amount: 578_000,
  currency: 'VND',
  status: 'succeeded',
  outcome: 'completed',
  reason: null,
  providerTransactionId: '14422574',
  retryUrl: null,
  createdAt: '2026-11-21T09:28:12.000Z',
  paidAt: '2026-11-21T09:30:00.000Z',
};

const paypalPayment: PaymentRecord = {
  ...samplePayment,
  orderId: 'pay_01JCQ7H2K9M4N6P8R1S3T5V7X9',
  transactionRef: '01JCQ7H2K9M4N6P8R1S3',
  provider: 'paypal',
  planType: 'pro_yearly_godmode',
  amount: 777.99,
  currency: 'USD',
  providerTransactionId: '3C679366HH908993F',
  createdAt: '2025-11-02T14:05:40.000Z',
  paidAt: '2025-11-02T14:07:02.000Z',
};

function status(
  record: Partial<PaymentRecord>,
  membership: MembershipSummary = freeMembership,
): PaymentStatusResponse {
  return { ...samplePayment, ...record, membership };
}

export const paymentStatuses = {
  completed: status({}, proMembership),
  pending: status({
    status: 'pending',
    outcome: 'pending',
    providerTransactionId: null,
    paidAt: null,
  }),
  failed: status({
    status: 'failed',
    outcome: 'failed',
    reason: 'insufficient_funds',
    providerTransactionId: null,
    paidAt: null,
  }),
  cancelled: status({
    status: 'cancelled',
    outcome: 'cancelled',
    reason: 'cancelled',
    providerTransactionId: null,
    paidAt: null,
  }),
  declined: status({
    ...paypalPayment,
    status: 'pending',
    outcome: 'pending',
    reason: 'declined',
    providerTransactionId: null,
    paidAt: null,
    retryUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T',
  }),
} satisfies Record<string, PaymentStatusResponse>;

export const sampleMemberships = {
  free: {
    ...freeMembership,
    entitlements: samplePricing.entitlements.free,
    payments: [],
  },
  pro: {
    ...proMembership,
    entitlements: samplePricing.entitlements.pro,
    payments: [
      samplePayment,
      {
        ...samplePayment,
        orderId: 'pay_01JDX2B4C6D8E0F2G4H6J8K0M2',
        transactionRef: '01JDX2B4C6D8E0F2G4H6',
        status: 'cancelled',
        outcome: 'cancelled',
        reason: 'cancelled',
        providerTransactionId: null,
        paidAt: null,
        createdAt: '2026-11-21T09:20:03.000Z',
      },
    ],
  },
  /** A VNPay payment the payer walked away from, its link still valid: continue or cancel. */
  pending: {
    ...freeMembership,
    entitlements: samplePricing.entitlements.free,
    payments: [
      {
        ...samplePayment,
        orderId: 'pay_01JDY5P2Q4R6S8T0V2W4X6Y8Z0',
        transactionRef: '01JDY5P2Q4R6S8T0V2W4',
        status: 'pending',
        outcome: 'pending',
        providerTransactionId: null,
        paidAt: null,
        retryUrl: '/sandbox/vnpay/paymentv2/vpcpay.html?vnp_TxnRef=01JDY5P2Q4R6S8T0V2W4',
        createdAt: '2026-11-27T08:02:11.000Z',
      },
    ],
  },
  godmode: {
    subscriptionTier: 'pro',
    proUntil: '2026-11-02T14:07:02.000Z',
    godmodeUntil: '2026-11-02T14:07:02.000Z',
    tier: 'godmode',
    entitlements: samplePricing.entitlements.godmode,
    payments: [paypalPayment],
  },
} satisfies Record<string, MembershipResponse>;

const vnpayCreated: VnpayCreateResponse = {
  paymentUrl: '/sandbox/vnpay/paymentv2/vpcpay.html?vnp_TxnRef=01JDX4S7N5Q2W8E3R6T9',
  transactionRef: samplePayment.transactionRef,
  orderId: samplePayment.orderId,
};

const paypalCreated: PaypalCreateResponse = {
  approvalUrl: '/sandbox/paypal/checkoutnow?token=5O190127TN364715T',
  transactionRef: paypalPayment.transactionRef,
  orderId: paypalPayment.orderId,
  providerOrderId: '5O190127TN364715T',
};

const never = async () => {
  await delay('infinite');
  return new HttpResponse(null, { status: 504 });
};
/** A failure with no words of its own: the §8 wrapper text is all the user sees. */
const bare = () => new HttpResponse(null, { status: 500 });

export const paymentsHandlers = {
  pricing: http.get<never, never, PricingResponse>(paths.pricing, () =>
    HttpResponse.json(samplePricing),
  ),
  pricingLoading: http.get(paths.pricing, never),
  pricingError: http.get(paths.pricing, bare),

  methods: http.get<never, never, PaymentMethodsResponse>(paths.methods, () =>
    HttpResponse.json(sampleMethods),
  ),
  /** Real merchant accounts configured: no 'Sandbox' label. */
  methodsLive: http.get<never, never, PaymentMethodsResponse>(paths.methods, () =>
    HttpResponse.json({
      methods: sampleMethods.methods.map((method) => ({ ...method, sandbox: false })),
    }),
  ),
  methodsVnpayOnly: http.get<never, never, PaymentMethodsResponse>(paths.methods, () =>
    HttpResponse.json({
      methods: sampleMethods.methods.map((method) =>
        method.id === 'paypal' ? { ...method, available: false } : method,
      ),
    }),
  ),
  methodsError: http.get(paths.methods, bare),

  vnpayCreate: http.post<never, never, VnpayCreateResponse>(paths.vnpayCreate, () =>
    HttpResponse.json(vnpayCreated),
  ),
  /** The older PascalCase spelling (§3): the SPA reads both. */
  vnpayCreatePascal: http.post(paths.vnpayCreate, () =>
    HttpResponse.json({
      PaymentUrl: vnpayCreated.paymentUrl,
      TransactionRef: vnpayCreated.transactionRef,
      OrderId: vnpayCreated.orderId,
    }),
  ),
  vnpayCreatePending: http.post(paths.vnpayCreate, never),
  vnpayCreateError: http.post(paths.vnpayCreate, bare),
  paypalCreate: http.post<never, never, PaypalCreateResponse>(paths.paypalCreate, () =>
    HttpResponse.json(paypalCreated),
  ),
  paypalCreatePending: http.post(paths.paypalCreate, never),
  paypalCreateError: http.post(paths.paypalCreate, bare),

  callbackCompleted: http.post<never, never, PaymentStatusResponse>(paths.vnpayCallback, () =>
    HttpResponse.json(paymentStatuses.completed),
  ),
  callbackFailed: http.post<never, never, PaymentStatusResponse>(paths.vnpayCallback, () =>
    HttpResponse.json(paymentStatuses.failed),
  ),
  callbackCancelled: http.post<never, never, PaymentStatusResponse>(paths.vnpayCallback, () =>
    HttpResponse.json(paymentStatuses.cancelled),
  ),
  callbackPending: http.post<never, never, PaymentStatusResponse>(paths.vnpayCallback, () =>
    HttpResponse.json(paymentStatuses.pending),
  ),
  callbackLoading: http.post(paths.vnpayCallback, never),
  callbackBadSignature: http.post<never, never, ErrorResponse>(paths.vnpayCallback, () =>
    HttpResponse.json({ message: 'Invalid payment signature' }, { status: 400 }),
  ),
  callbackError: http.post(paths.vnpayCallback, bare),

  captureCompleted: http.post<never, never, PaymentStatusResponse>(paths.paypalCapture, () =>
    HttpResponse.json({
      ...paymentStatuses.completed,
      ...paypalPayment,
      membership: proMembership,
    }),
  ),
  captureDeclined: http.post<never, never, PaymentStatusResponse>(paths.paypalCapture, () =>
    HttpResponse.json(paymentStatuses.declined),
  ),
  capturePending: http.post<never, never, PaymentStatusResponse>(paths.paypalCapture, () =>
    HttpResponse.json({
      ...paymentStatuses.pending,
      ...paypalPayment,
      status: 'pending',
      outcome: 'pending',
      paidAt: null,
      providerTransactionId: null,
    }),
  ),
  captureError: http.post(paths.paypalCapture, bare),
  paypalCancelled: http.post<never, never, PaymentStatusResponse>(paths.paypalCancel, () =>
    HttpResponse.json({
      ...paymentStatuses.cancelled,
      provider: 'paypal',
      currency: 'USD',
      amount: 19.99,
    }),
  ),

  statusCompleted: http.get<{ id: string }, never, PaymentStatusResponse>(paths.status, () =>
    HttpResponse.json(paymentStatuses.completed),
  ),
  statusPending: http.get<{ id: string }, never, PaymentStatusResponse>(paths.status, () =>
    HttpResponse.json(paymentStatuses.pending),
  ),
  statusFailed: http.get<{ id: string }, never, PaymentStatusResponse>(paths.status, () =>
    HttpResponse.json(paymentStatuses.failed),
  ),
  statusLoading: http.get(paths.status, never),
  statusNotFound: http.get<{ id: string }, never, ErrorResponse>(paths.status, () =>
    HttpResponse.json({ message: 'Payment not found' }, { status: 404 }),
  ),
  statusError: http.get(paths.status, bare),

  membershipFree: http.get<never, never, MembershipResponse>(paths.membership, () =>
    HttpResponse.json(sampleMemberships.free),
  ),
  membershipPro: http.get<never, never, MembershipResponse>(paths.membership, () =>
    HttpResponse.json(sampleMemberships.pro),
  ),
  membershipGodmode: http.get<never, never, MembershipResponse>(paths.membership, () =>
    HttpResponse.json(sampleMemberships.godmode),
  ),
  membershipPending: http.get<never, never, MembershipResponse>(paths.membership, () =>
    HttpResponse.json(sampleMemberships.pending),
  ),
  membershipLoading: http.get(paths.membership, never),

  /** The owner cancels an open payment: the API answers it cancelled. */
  cancelPayment: http.post<{ id: string }, never, PaymentStatusResponse>(
    paths.cancel,
    ({ params }) =>
      HttpResponse.json({ ...paymentStatuses.cancelled, orderId: params.id, retryUrl: null }),
  ),
  cancelPaymentError: http.post(paths.cancel, bare),
  membershipError: http.get(paths.membership, bare),
};

/** What every test and story starts from. */
export const defaultPaymentsHandlers = [
  paymentsHandlers.pricing,
  paymentsHandlers.methods,
  paymentsHandlers.vnpayCreate,
  paymentsHandlers.paypalCreate,
  paymentsHandlers.callbackCompleted,
  paymentsHandlers.captureCompleted,
  paymentsHandlers.paypalCancelled,
  paymentsHandlers.statusNotFound,
  paymentsHandlers.cancelPayment,
  paymentsHandlers.membershipFree,
];
