import { z } from 'zod';
import { modelPlan } from './chat.ts';
import {
  billingPeriods,
  entitlementTiers,
  paymentCurrencies,
  paymentProviders,
  planTypes,
  purchaseTypes,
} from './paymentOptions.ts';
import { toolMeters } from './tools.ts';

/**
 * Plans and payments (§3 Pricing response, Payment create response, Payment request fields; §7
 * Payments and pricing; §9). Request bodies keep the spec's PascalCase field names; everything
 * the API adds is camelCase. Money on the wire is in major units (19.99 USD, 578000 VND); the
 * server keeps integer minor units (cents, đồng) and never takes a price from the client.
 */

export * from './paymentOptions.ts';

export const billingPeriod = z.enum(billingPeriods);
export const paymentCurrency = z.enum(paymentCurrencies);
export const paymentProvider = z.enum(paymentProviders);
export const planType = z.enum(planTypes);
export const purchaseType = z.enum(purchaseTypes);

/** A price in the two charged currencies (major units). */
export const priceByCurrency = z.object({ USD: z.number(), VND: z.number() });
export type PriceByCurrency = z.infer<typeof priceByCurrency>;

export const savings = z.object({
  amount: z.number(),
  /** Rounded to a whole percent (§9). */
  percent: z.number().int(),
});
export type Savings = z.infer<typeof savings>;

/**
 * Units per UTC day on every meter of the tool manifest (@studio/contracts/tools): chat's
 * messages, the image tools' images (each variant counts)… 0: none. Every meter is present.
 */
export const dailyAllowances = z.record(z.enum(toolMeters), z.number().int().nonnegative());
export type DailyAllowances = z.infer<typeof dailyAllowances>;

/**
 * What a plan unlocks, defined once on the server (domains/billing) and shown on the plan cards.
 * `godmode` is the whole set for Pro with the GodMode add-on.
 */
export const planEntitlements = z.object({
  /** The highest model plan usable (free < pro < godmode). */
  models: modelPlan,
  /** Each meter's allowance a day, keyed by the manifest's meters: what the plan cards list. */
  daily: dailyAllowances,
  /** Chat messages per UTC day (`daily.chat`, at least 1): kept for the clients that read it. */
  dailyMessages: z.number().int().positive(),
  /** Images per UTC day in the image tools (`daily.images`): kept for the clients that read it. */
  dailyImages: z.number().int().nonnegative(),
  /** Spoken replies (§7 ReturnAudio). */
  spokenReplies: z.boolean(),
  /** Share links that may be live at once. */
  activeShareLinks: z.number().int().nonnegative(),
  /** The longest a share link may live, in days. */
  shareLinkMaxDays: z.number().int().positive(),
});
export type PlanEntitlements = z.infer<typeof planEntitlements>;

/** GET /api/pricing (§3 Pricing response, plus what the plan cards show). */
export const pricingResponse = z.object({
  subscriptions: z.object({ monthly: priceByCurrency, yearly: priceByCurrency }),
  /** "Another view reads monthly.amount and monthly.currency" (§3): the USD monthly price. */
  monthly: z.object({ amount: z.number(), currency: z.literal('USD') }),
  /** The GodMode add-on, a flat price per purchase, lasting the period it is bought with. */
  addons: z.object({ godmode: priceByCurrency }),
  /** 12 × monthly − yearly, per currency (§9). */
  yearlySavings: z.object({ USD: savings, VND: savings }),
  entitlements: z.object({
    free: planEntitlements,
    pro: planEntitlements,
    godmode: planEntitlements,
  }),
  /** What one may use without an account, a day (the Free card says it beside its own). */
  visitor: z.object({
    /** Each meter's allowance, keyed by the manifest's meters. */
    daily: dailyAllowances,
    /** `daily.chat` and `daily.images`, kept for the clients that read them. */
    dailyMessages: z.number().int().nonnegative(),
    dailyImages: z.number().int().nonnegative(),
  }),
});
export type PricingResponse = z.infer<typeof pricingResponse>;

/** GET /api/payment-methods. */
export const paymentMethod = z.object({
  id: paymentProvider,
  name: z.string(),
  currency: paymentCurrency,
  /** False when the provider is switched off or has no usable configuration. */
  available: z.boolean(),
  /** True when payments go to the project's own sandbox emulator ('Sandbox' on the payment step). */
  sandbox: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodsResponse = z.object({ methods: z.array(paymentMethod) });
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

const description = z.string().trim().max(255).default('');
/** A client's idempotency key (§3 clientTransactionId: a generated UUID). */
const clientTransactionId = z.string().trim().min(8).max(100).optional();
/**
 * Accepted for compatibility (§3 returnUrl) but never used verbatim: the server always returns
 * to its own /payment/callback (an open redirect otherwise).
 */
const returnUrl = z.string().max(2048).optional();

/** POST /api/payments/vnpay/create (§7). */
export const vnpayCreateRequest = z.object({
  Amount: z.number().positive(),
  Currency: z.string().trim().toUpperCase(),
  PlanType: planType,
  Description: description,
  clientTransactionId,
  returnUrl,
});
export type VnpayCreateRequest = z.input<typeof vnpayCreateRequest>;

/** POST /api/payments/paypal/create (§7). PurchaseId is the plan id. */
export const paypalCreateRequest = z.object({
  Amount: z.number().positive(),
  Currency: z.string().trim().toUpperCase(),
  PurchaseType: purchaseType,
  PurchaseId: planType,
  Description: description,
  clientTransactionId,
  returnUrl,
});
export type PaypalCreateRequest = z.input<typeof paypalCreateRequest>;

/** §3 Payment create response. The SPA also reads the PascalCase spellings. */
export const vnpayCreateResponse = z.object({
  paymentUrl: z.string(),
  transactionRef: z.string(),
  /** The payment's own id (GET /api/payments/status/{orderId}). */
  orderId: z.string(),
});
export type VnpayCreateResponse = z.infer<typeof vnpayCreateResponse>;

export const paypalCreateResponse = z.object({
  approvalUrl: z.string(),
  transactionRef: z.string(),
  orderId: z.string(),
  /** PayPal's order id (the `token` it returns with). */
  providerOrderId: z.string(),
});
export type PaypalCreateResponse = z.infer<typeof paypalCreateResponse>;

/** POST /api/payments/vnpay/callback: the return's query parameters as an object (§7). */
export const vnpayCallbackRequest = z.record(z.string(), z.unknown());
export type VnpayCallbackRequest = z.infer<typeof vnpayCallbackRequest>;

/**
 * GET /api/payments/paypal/capture?orderId=&txnRef= (§7) and its POST form, which the SPA uses.
 * orderId is PayPal's order id (the return's `token`); txnRef is ours.
 */
export const paypalCaptureRequest = z.object({
  orderId: z.string().trim().min(1).max(100),
  txnRef: z.string().trim().min(1).max(100),
});
export type PaypalCaptureRequest = z.infer<typeof paypalCaptureRequest>;

/** Every state a payment row can be in (payments.md §3.1). */
export const paymentStates = [
  'created',
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'needs_review',
  'refunded',
  'partially_refunded',
  'reversed',
] as const;
export const paymentState = z.enum(paymentStates);
export type PaymentState = z.infer<typeof paymentState>;

/** What /payment/callback shows: the state folded into four outcomes. */
export const paymentOutcomes = ['completed', 'pending', 'failed', 'cancelled'] as const;
export const paymentOutcome = z.enum(paymentOutcomes);
export type PaymentOutcome = z.infer<typeof paymentOutcome>;

export function outcomeOf(state: PaymentState): PaymentOutcome {
  switch (state) {
    case 'succeeded':
    case 'partially_refunded':
      return 'completed';
    case 'created':
    case 'pending':
    case 'needs_review':
      return 'pending';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/**
 * Why a payment did not complete, as a stable code the SPA translates (provider codes mapped on
 * the server): VNPay 24 → cancelled, 51 → insufficient_funds, 11 → expired, 07 → suspicious,
 * 13/79 → authentication, 75 → bank_unavailable; PayPal INSTRUMENT_DECLINED → declined.
 */
export const paymentReasons = [
  'cancelled',
  'insufficient_funds',
  'declined',
  'expired',
  'suspicious',
  'authentication',
  'bank_unavailable',
  'limit_exceeded',
  'amount_mismatch',
  'refunded',
  'reversed',
  'other',
] as const;
export const paymentReason = z.enum(paymentReasons);
export type PaymentReason = z.infer<typeof paymentReason>;

/** One payment as its owner sees it (status, history, receipts). */
export const paymentRecord = z.object({
  orderId: z.string(),
  transactionRef: z.string(),
  provider: paymentProvider,
  planType,
  /** Major units. */
  amount: z.number(),
  currency: paymentCurrency,
  status: paymentState,
  outcome: paymentOutcome,
  reason: paymentReason.nullable(),
  /** The provider's transaction id (vnp_TransactionNo, PayPal capture id) once paid. */
  providerTransactionId: z.string().nullable(),
  /**
   * Where the payer can still finish this open payment (VNPay's signed link, PayPal's approval
   * page, also after INSTRUMENT_DECLINED) while the provider takes it, else null.
   */
  retryUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

/** The account's plan after a payment: what the callback page refreshes the UI with. */
export const membershipSummary = z.object({
  subscriptionTier: z.enum(['free', 'pro']),
  /** When Pro ends (ISO), or null when not Pro. */
  proUntil: z.iso.datetime().nullable(),
  /** When the GodMode add-on ends (ISO), or null. */
  godmodeUntil: z.iso.datetime().nullable(),
  /** The effective tier: free, pro, or godmode (Pro with the add-on). */
  tier: z.enum(entitlementTiers),
});
export type MembershipSummary = z.infer<typeof membershipSummary>;

/**
 * GET /api/payments/status/{id} (§7), POST /api/payments/vnpay/callback and the PayPal capture:
 * the payment, and the account's plan now. {id} may be the orderId, the transactionRef or
 * PayPal's order id; only the payment's owner gets an answer (404 otherwise).
 */
export const paymentStatusResponse = paymentRecord.extend({ membership: membershipSummary });
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;

/** GET /api/membership: the plan, its dates and add-ons, and the payment history (newest first). */
export const membershipResponse = membershipSummary.extend({
  entitlements: planEntitlements,
  payments: z.array(paymentRecord),
});
export type MembershipResponse = z.infer<typeof membershipResponse>;
