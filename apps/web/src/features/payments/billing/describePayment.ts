import { type PaymentRecord, type PlanType } from '@studio/contracts';
import { describePlanType } from '@studio/contracts/paymentOptions';
import type { TFunction } from 'i18next';
import { formatCurrency } from '../../../lib/currency';
import { formatDay, formatMoment } from '@studio/ui';

/**
 * How a payment reads on /payment/callback, in the membership history and on a receipt. Plain
 * functions over the billing namespace's `t`, so the wording is tested without rendering.
 */

/** "Pro, monthly", "Pro + GodMode, yearly", "GodMode add-on, monthly". */
export function itemName(plan: PlanType, t: TFunction): string {
  const { period, pro, godmode } = describePlanType(plan);
  const item = pro ? (godmode ? 'items.proGodmode' : 'items.pro') : 'items.godmode';
  return t('items.withPeriod', { item: t(item), period: t(`periods.${period}`) });
}

/** "578.000 ₫" or "$19.99": the amount in the currency it was charged in. */
export function formatPaid(payment: Pick<PaymentRecord, 'amount' | 'currency'>): string {
  return formatCurrency(payment.amount, payment.currency);
}

/** The history's order: newest first by creation time, whatever order the server sent. */
export function sortNewestFirst(payments: readonly PaymentRecord[]): PaymentRecord[] {
  return [...payments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Only money actually taken gets a receipt (a partial refund still leaves a purchase). */
export function hasReceipt(payment: PaymentRecord): boolean {
  return payment.outcome === 'completed' && payment.paidAt !== null;
}

export interface HistoryRow {
  orderId: string;
  /** ISO, for <time dateTime>. */
  createdAt: string;
  date: string;
  item: string;
  amount: string;
  provider: string;
  reference: string;
  status: string;
  receipt: boolean;
}

/** One line of the payment history table, every cell as text in the interface language. */
export function historyRow(payment: PaymentRecord, t: TFunction, language: string): HistoryRow {
  return {
    orderId: payment.orderId,
    createdAt: payment.createdAt,
    date: formatMoment(payment.createdAt, language),
    item: itemName(payment.planType, t),
    amount: formatPaid(payment),
    provider: t(`providers.${payment.provider}`),
    reference: payment.transactionRef,
    status: t(`status.${payment.status}`),
    receipt: hasReceipt(payment),
  };
}

export interface ReceiptCustomer {
  displayName: string;
  email: string;
}

export interface Receipt {
  merchant: string;
  customerName: string;
  customerEmail: string;
  /** ISO, for <time dateTime>. */
  paidAt: string;
  date: string;
  item: string;
  amount: string;
  provider: string;
  providerTransactionId: string;
  reference: string;
}

/** What a printable receipt shows; null for a payment that took no money. */
export function receiptOf(
  payment: PaymentRecord,
  customer: ReceiptCustomer,
  merchant: string,
  t: TFunction,
  language: string,
): Receipt | null {
  if (!hasReceipt(payment) || payment.paidAt === null) return null;
  return {
    merchant,
    customerName: customer.displayName,
    customerEmail: customer.email,
    paidAt: payment.paidAt,
    date: formatMoment(payment.paidAt, language),
    item: itemName(payment.planType, t),
    amount: formatPaid(payment),
    provider: t(`providers.${payment.provider}`),
    // Shown as a dash when the provider gave none (never for a completed payment in practice).
    providerTransactionId: payment.providerTransactionId ?? '—',
    reference: payment.transactionRef,
  };
}

/** "21 December 2026": the date an entitlement runs to. */
export function formatUntil(iso: string, language: string): string {
  return formatDay(iso, language);
}
