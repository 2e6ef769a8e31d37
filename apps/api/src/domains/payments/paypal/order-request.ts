import { describePlanType, type LanguageCode, type PlanType } from '@studio/contracts';
import type { PaypalOrderRequest } from './client.ts';

/** PayPal's limit for a purchase unit's description. */
const maxDescriptionLength = 127;

/**
 * The text the payer sees on PayPal's page and in their history, built from the plan alone: the
 * client's Description never reaches PayPal (it could say anything, in any length or script).
 */
export function orderDescription(brandName: string, plan: PlanType): string {
  const { period, pro, godmode } = describePlanType(plan);
  const what = pro ? (godmode ? 'Pro + GodMode' : 'Pro') : 'GodMode add-on';
  const length = period === 'yearly' ? '12 months' : '1 month';
  // Printable ASCII only: a brand name from the environment must not smuggle control characters.
  const brand = brandName.replace(/[^\x20-\x7e]/g, '').trim();
  return `${brand} ${what} - ${length}`.trim().slice(0, maxDescriptionLength);
}

/** PayPal's page language: Vietnamese for Vietnamese-speaking users, English otherwise. */
export function paypalLocale(language: LanguageCode | string): string {
  return language === 'vi' ? 'vi-VN' : 'en-US';
}

export interface OrderRequestInput {
  paymentId: string;
  txnRef: string;
  plan: PlanType;
  /** USD, "19.99". */
  value: string;
  brandName: string;
  language: LanguageCode | string;
  /** The app's own origin: PayPal returns the payer to our /payment/callback, never elsewhere. */
  publicUrl: string;
}

/** Our own return page for this payment; PayPal appends `token` and `PayerID`. */
export function paypalReturnUrl(publicUrl: string, txnRef: string, cancelled = false): string {
  const query = new URLSearchParams({ provider: 'paypal', txnRef });
  if (cancelled) query.set('cancelled', '1');
  return `${publicUrl}/payment/callback?${query.toString()}`;
}

/** The create-order body (payments.md §2.3): one purchase unit, bound to our row by custom_id. */
export function orderRequest(input: OrderRequestInput): PaypalOrderRequest {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: input.plan,
        custom_id: input.paymentId,
        // Unique per merchant account at PayPal: the txn_ref is new for every attempt.
        invoice_id: `AIS-${input.txnRef}`,
        description: orderDescription(input.brandName, input.plan),
        amount: { currency_code: 'USD', value: input.value },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: input.brandName.slice(0, 127),
          locale: paypalLocale(input.language),
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
          // No eCheck: a digital good should not wait days for delayed funding.
          payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
          return_url: paypalReturnUrl(input.publicUrl, input.txnRef),
          cancel_url: paypalReturnUrl(input.publicUrl, input.txnRef, true),
        },
      },
    },
  };
}
