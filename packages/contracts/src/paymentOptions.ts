/**
 * Plans and payments as plain data, with no zod (as chatOptions.ts is for the chat): the §8 and
 * §9 texts, what can be bought and in which currency, and the functions that read a plan id.
 * Plans & Pricing imports these on a visitor's first load, and keeping zod out of it keeps that
 * load small. payments.ts builds its schemas from them and re-exports them.
 */

/** §8 Payment wrappers: what the SPA shows when one of these calls fails. */
export const PAYMENT_ERRORS = {
  vnpayInit: 'Failed to initiate VNPay payment/subscription',
  paypalInit: 'Failed to initiate PayPal payment/subscription',
  status: 'Failed to check payment status',
  callback: 'Failed to process payment callback',
  pricing: 'Failed to fetch pricing',
  methods: 'Failed to fetch payment methods',
} as const;

/** §2: the Pro modal's payment step needs an account. */
export const MUST_BE_LOGGED_IN = 'Please sign in to continue to payment.';

/** §9 payment attempts: the toast counts out of 3; the info line shows below 10; 10 blocks. */
export const PAYMENT_ATTEMPTS = { toastOutOf: 3, blockedAt: 10 } as const;

/** §9 GodMode label, exact. */
export const GODMODE_LABEL = '+$578';

export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** The two currencies money is taken in: PayPal charges USD, VNPay charges VND (§1). */
export const paymentCurrencies = ['USD', 'VND'] as const;
export type PaymentCurrency = (typeof paymentCurrencies)[number];

export const paymentProviders = ['vnpay', 'paypal'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** Which currency each provider charges in; any other pairing is refused (422). */
export const providerCurrency: Readonly<Record<PaymentProvider, PaymentCurrency>> = {
  vnpay: 'VND',
  paypal: 'USD',
};

/**
 * What can be bought. Pro for a month or a year, optionally with the GodMode add-on for the same
 * period; or GodMode alone for someone whose Pro is active (an upgrade from /membership).
 */
export const planTypes = [
  'pro_monthly',
  'pro_yearly',
  'pro_monthly_godmode',
  'pro_yearly_godmode',
  'godmode_monthly',
  'godmode_yearly',
] as const;
export type PlanType = (typeof planTypes)[number];

/** What a plan id buys: its period and whether it includes Pro and/or GodMode. */
export function describePlanType(plan: PlanType): {
  period: BillingPeriod;
  pro: boolean;
  godmode: boolean;
} {
  return {
    period: plan.includes('yearly') ? 'yearly' : 'monthly',
    pro: plan.startsWith('pro_'),
    godmode: plan.includes('godmode'),
  };
}

/** The plan id for a choice made in the modal or on /plans. */
export function planTypeFor(period: BillingPeriod, godmode: boolean): PlanType {
  return `pro_${period}${godmode ? '_godmode' : ''}` as PlanType;
}

/** PayPal's PurchaseType (§3): Pro purchases are subscriptions; GodMode alone is an add-on. */
export const purchaseTypes = ['subscription', 'addon'] as const;
export type PurchaseType = (typeof purchaseTypes)[number];

export function purchaseTypeOf(plan: PlanType): PurchaseType {
  return plan.startsWith('pro_') ? 'subscription' : 'addon';
}

/** The tiers a plan card and the entitlements describe (free < pro < godmode). */
export const entitlementTiers = ['free', 'pro', 'godmode'] as const;
export type EntitlementTier = (typeof entitlementTiers)[number];
