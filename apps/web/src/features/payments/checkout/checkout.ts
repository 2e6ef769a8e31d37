import {
  type BillingPeriod,
  type PaymentProvider,
  type PaypalCreateRequest,
  type PricingResponse,
  type VnpayCreateRequest,
} from '@studio/contracts';
import {
  PAYMENT_ERRORS,
  planTypeFor,
  providerCurrency,
  purchaseTypeOf,
} from '@studio/contracts/paymentOptions';
import { isHttpFailure } from '../../../lib/api/errorText';
import { paths } from '../../../lib/paths';
import { storageKeys, type KeyValueStore } from '../../../lib/storage';
import { checkoutAmount } from '../billing/pricing';
import { createPaypalPayment, createVnpayPayment, type CreatedPayment } from '../api/createPayment';

/** What the visitor chose in the modal's plan step. */
export interface CheckoutChoice {
  period: BillingPeriod;
  godmode: boolean;
}

/** The calls a checkout makes: the API's by default, doubles in tests. */
export interface CheckoutGateways {
  createVnpay: (request: VnpayCreateRequest) => Promise<CreatedPayment>;
  createPaypal: (request: PaypalCreateRequest) => Promise<CreatedPayment>;
}

export const apiGateways: CheckoutGateways = {
  createVnpay: createVnpayPayment,
  createPaypal: createPaypalPayment,
};

/** §8: the words shown when a provider's create call fails (English; the modal translates). */
export const initFailureText: Readonly<Record<PaymentProvider, string>> = {
  vnpay: PAYMENT_ERRORS.vnpayInit,
  paypal: PAYMENT_ERRORS.paypalInit,
};

/**
 * A fresh §3 clientTransactionId (a UUID) per click: the server's idempotency key, so a double
 * click makes one payment. crypto.randomUUID needs a secure context; an address like
 * http://192.168.1.5 is not one, so build the version-4 UUID from getRandomValues there.
 */
export function newClientTransactionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The order's description (§3 Description), the same in every language: it ends up on the
 * provider's receipt and in our records, where one wording is easier to search. The server
 * strips it to VNPay's diacritic-free alphabet itself.
 */
export function checkoutDescription({ period, godmode }: CheckoutChoice): string {
  return `AI Studio Pro – ${period}${godmode ? ' + GodMode' : ''}`;
}

/** Where the provider should send the payer back; the server uses its own, this is a hint. */
export function paymentReturnUrl(origin: string = window.location.origin): string {
  return `${origin}${paths.paymentCallback}`;
}

interface RequestContext {
  choice: CheckoutChoice;
  pricing: PricingResponse | null;
  clientTransactionId: string;
  returnUrl: string;
}

/** §7 POST api/payments/vnpay/create: the price in VND, the plan by id. */
export function vnpayRequest({
  choice,
  pricing,
  clientTransactionId,
  returnUrl,
}: RequestContext): VnpayCreateRequest {
  const currency = providerCurrency.vnpay;
  return {
    Amount: checkoutAmount(choice.period, choice.godmode, currency, pricing),
    Currency: currency,
    PlanType: planTypeFor(choice.period, choice.godmode),
    Description: checkoutDescription(choice),
    clientTransactionId,
    returnUrl,
  };
}

/** §7 POST api/payments/paypal/create: the price in USD, the plan as the purchase. */
export function paypalRequest({
  choice,
  pricing,
  clientTransactionId,
  returnUrl,
}: RequestContext): PaypalCreateRequest {
  const currency = providerCurrency.paypal;
  const plan = planTypeFor(choice.period, choice.godmode);
  return {
    Amount: checkoutAmount(choice.period, choice.godmode, currency, pricing),
    Currency: currency,
    PurchaseType: purchaseTypeOf(plan),
    PurchaseId: plan,
    Description: checkoutDescription(choice),
    clientTransactionId,
    returnUrl,
  };
}

export interface StartCheckoutOptions {
  provider: PaymentProvider;
  choice: CheckoutChoice;
  pricing: PricingResponse | null;
  store: KeyValueStore;
  /** Sends the browser to the provider (window.location.assign in the app). */
  redirect: (url: string) => void;
  gateways?: CheckoutGateways;
  newId?: () => string;
}

/**
 * Creates the payment with the chosen provider, then (§4) stores the pending transaction id
 * BEFORE leaving for the provider, so /payment/callback can find the payment even if the
 * provider's return drops our parameters. Rejects with the create call's error.
 */
export async function startCheckout({
  provider,
  choice,
  pricing,
  store,
  redirect,
  gateways = apiGateways,
  newId = newClientTransactionId,
}: StartCheckoutOptions): Promise<CreatedPayment> {
  const context: RequestContext = {
    choice,
    pricing,
    clientTransactionId: newId(),
    returnUrl: paymentReturnUrl(),
  };
  const created =
    provider === 'vnpay'
      ? await gateways.createVnpay(vnpayRequest(context))
      : await gateways.createPaypal(paypalRequest(context));
  store.set(storageKeys.pendingPayment, created.orderId);
  redirect(created.redirectUrl);
  return created;
}

/** The real redirect: a full-page navigation to the provider's page. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/**
 * The API refused to start the payment until the user passes biometric verification (403 with
 * error 'verificationRequired', §2 step 3): not a failed start, the verification panel answers it.
 */
export function needsBiometricVerification(error: unknown): boolean {
  if (!isHttpFailure(error) || error.response?.status !== 403) return false;
  const body: unknown = error.response.data;
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { error?: unknown }).error === 'verificationRequired'
  );
}
