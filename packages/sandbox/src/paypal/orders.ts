import { randomInt } from 'node:crypto';
import type { Link } from './errors.ts';
import type { ExperienceContext, Money, OrderDraft, PurchaseUnitRequest } from './order-request.ts';

/** The emulator's orders and captures, and how PayPal shows them (payments.md §2.4–2.9). */

export const paypalApprovalScenarios = [
  'approve',
  'pending',
  'declined',
  'cancel',
  'slow',
] as const;
export type PaypalApprovalScenario = (typeof paypalApprovalScenarios)[number];

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
export type CaptureStatus = 'COMPLETED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

export interface Payer {
  payerId: string;
  email: string;
  givenName: string;
  surname: string;
}

export interface Capture {
  id: string;
  orderId: string;
  status: CaptureStatus;
  pendingReason: string | null;
  amount: Money;
  customId: string | null;
  invoiceId: string | null;
  /** Cents refunded so far. */
  refundedCents: number;
  createTime: string;
  updateTime: string;
}

export interface Order {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: OrderStatus;
  /** The status before approval, restored when a capture is declined (approve again). */
  unapprovedStatus: 'CREATED' | 'PAYER_ACTION_REQUIRED';
  purchaseUnits: PurchaseUnitRequest[];
  experience: ExperienceContext;
  legacyContext: boolean;
  /** What the payer chose on the approval page; it decides what capture does. */
  scenario: PaypalApprovalScenario | null;
  payer: Payer | null;
  capture: Capture | null;
  /** 'slow': only the first capture response is held back. */
  slowResponsePending: boolean;
  createTime: string;
  updateTime: string;
}

const idAlphabet = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';

/** PayPal-looking ids: 17 upper-case letters and digits (orders, captures, refunds). */
export function paypalId(length = 17): string {
  let id = '';
  for (let index = 0; index < length; index += 1) id += idAlphabet[randomInt(idAlphabet.length)];
  return id;
}

export function newOrder(draft: OrderDraft, now: Date): Order {
  const status = draft.legacyContext ? 'CREATED' : 'PAYER_ACTION_REQUIRED';
  return {
    id: paypalId(),
    intent: draft.intent,
    status,
    unapprovedStatus: status,
    purchaseUnits: draft.purchaseUnits,
    experience: draft.experience,
    legacyContext: draft.legacyContext,
    scenario: null,
    payer: null,
    capture: null,
    slowResponsePending: false,
    createTime: paypalTime(now),
    updateTime: paypalTime(now),
  };
}

export function paypalTime(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function toCents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export function fromCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface Urls {
  /** The REST API base: publicOrigin + basePath. */
  api: string;
  /** The approval page. */
  checkout: string;
}

export function approvalUrl(urls: Urls, orderId: string): string {
  return `${urls.checkout}?token=${encodeURIComponent(orderId)}`;
}

function orderLinks(urls: Urls, order: Order): Link[] {
  const self = `${urls.api}/v2/checkout/orders/${order.id}`;
  const links: Link[] = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
    links.push({
      href: approvalUrl(urls, order.id),
      rel: order.legacyContext ? 'approve' : 'payer-action',
      method: 'GET',
    });
    links.push({ href: self, rel: 'update', method: 'PATCH' });
  }
  if (order.status === 'APPROVED') {
    links.push({ href: self, rel: 'update', method: 'PATCH' });
    links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
  }
  return links;
}

/** PayPal's fee for a US account: 3.49 % + 0.49 (illustrative; only the breakdown shape matters). */
function fee(cents: number): number {
  return Math.round(cents * 0.0349) + 49;
}

export function captureResource(urls: Urls, capture: Capture) {
  const gross = toCents(capture.amount.value);
  const paypalFee = fee(gross);
  const currency = capture.amount.currency_code;
  const self = `${urls.api}/v2/payments/captures/${capture.id}`;
  return {
    id: capture.id,
    status: capture.status,
    ...(capture.pendingReason ? { status_details: { reason: capture.pendingReason } } : {}),
    amount: { ...capture.amount },
    ...(capture.invoiceId !== null ? { invoice_id: capture.invoiceId } : {}),
    ...(capture.customId !== null ? { custom_id: capture.customId } : {}),
    final_capture: true,
    seller_protection: {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    },
    seller_receivable_breakdown: {
      gross_amount: { currency_code: currency, value: fromCents(gross) },
      paypal_fee: { currency_code: currency, value: fromCents(paypalFee) },
      net_amount: { currency_code: currency, value: fromCents(gross - paypalFee) },
    },
    supplementary_data: { related_ids: { order_id: capture.orderId } },
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/refund`, rel: 'refund', method: 'POST' },
      { href: `${urls.api}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
    ],
    create_time: capture.createTime,
    update_time: capture.updateTime,
  };
}

function payerResource(payer: Payer) {
  return {
    name: { given_name: payer.givenName, surname: payer.surname },
    email_address: payer.email,
    payer_id: payer.payerId,
    address: { country_code: 'US' },
  };
}

/** The full order (Prefer: return=representation). */
export function orderResource(urls: Urls, order: Order) {
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(order.payer
      ? {
          payment_source: {
            paypal: {
              email_address: order.payer.email,
              account_id: order.payer.payerId,
              account_status: 'VERIFIED',
              name: { given_name: order.payer.givenName, surname: order.payer.surname },
              address: { country_code: 'US' },
            },
          },
          payer: payerResource(order.payer),
        }
      : order.legacyContext
        ? {}
        : { payment_source: { paypal: {} } }),
    purchase_units: order.purchaseUnits.map((unit) => ({
      reference_id: unit.reference_id ?? 'default',
      amount: { ...unit.amount },
      payee: { email_address: 'merchant@sandbox.example', merchant_id: 'SANDBOXMERCH1' },
      ...(unit.description !== undefined ? { description: unit.description } : {}),
      ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
      ...(unit.soft_descriptor !== undefined ? { soft_descriptor: unit.soft_descriptor } : {}),
      ...(order.capture ? { payments: { captures: [captureResource(urls, order.capture)] } } : {}),
    })),
    create_time: order.createTime,
    update_time: order.updateTime,
    links: orderLinks(urls, order),
  };
}

/** Prefer: return=minimal (PayPal's default): id, status and links only. */
export function minimalOrderResource(urls: Urls, order: Order) {
  return { id: order.id, status: order.status, links: orderLinks(urls, order) };
}
