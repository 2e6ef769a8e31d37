import { randomUUID } from 'node:crypto';
import {
  paymentStatusResponse,
  paypalCreateResponse,
  type PlanType,
  vnpayCreateResponse,
} from '@studio/contracts';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { asUser, chatUser } from './chat-rows.ts';

/** Prices of the §9 fallback catalogue, major units. */
export const vndPrice: Record<PlanType, number> = {
  pro_monthly: 578_000,
  pro_yearly: 5_780_000,
  pro_monthly_godmode: 578_000 + 14_450_000,
  pro_yearly_godmode: 5_780_000 + 14_450_000,
  godmode_monthly: 14_450_000,
  godmode_yearly: 14_450_000,
};

/** Prices of the §9 fallback catalogue in USD (GodMode is the flat +$578). */
export const usdPrice: Record<PlanType, number> = {
  pro_monthly: 19.99,
  pro_yearly: 199.99,
  pro_monthly_godmode: 597.99,
  pro_yearly_godmode: 777.99,
  godmode_monthly: 578,
  godmode_yearly: 578,
};

/** Payments suites: no background sweeps (tests call reconcileOnce), no IPN wait beyond a blink. */
export const paymentsTestEnv = { PAYMENTS_RECONCILE_INTERVAL_SECONDS: '0' };

export async function payingUser(app: App, label = 'payer') {
  const user = await chatUser(app, label);
  return { ...user, api: asUser(app, user.bearer) };
}
export type PayingUser = Awaited<ReturnType<typeof payingUser>>;

/** POST /api/payments/vnpay/create for a plan at its catalogue price. */
export async function startVnpay(
  user: PayingUser,
  plan: PlanType = 'pro_monthly',
  extra: Record<string, unknown> = {},
) {
  const response = await user.api.post('/api/payments/vnpay/create', {
    Amount: vndPrice[plan],
    Currency: 'VND',
    PlanType: plan,
    Description: 'Pro',
    clientTransactionId: randomUUID(),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return vnpayCreateResponse.parse(response.json());
}

/** POST /api/payments/paypal/create for a plan at its catalogue price. */
export async function startPaypal(
  user: PayingUser,
  plan: PlanType = 'pro_monthly',
  extra: Record<string, unknown> = {},
) {
  const response = await user.api.post('/api/payments/paypal/create', {
    Amount: usdPrice[plan],
    Currency: 'USD',
    PurchaseType: plan.startsWith('pro_') ? 'subscription' : 'addon',
    PurchaseId: plan,
    Description: 'Pro',
    clientTransactionId: randomUUID(),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return paypalCreateResponse.parse(response.json());
}

export function vnpayEmulator(app: App) {
  const emulator = app.payments.sandbox.vnpay;
  if (!emulator) throw new Error('VNPay is not in sandbox mode');
  return emulator;
}

/** The return URL's vnp_ parameters as the SPA posts them to the callback. */
export function returnParams(returnUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(returnUrl).searchParams);
}

export async function statusOf(user: PayingUser, id: string) {
  const response = await user.api.get(`/api/payments/status/${encodeURIComponent(id)}`);
  expect(response.statusCode, response.body).toBe(200);
  return paymentStatusResponse.parse(response.json());
}

export async function grantsOf(app: App, userId: string) {
  return app.db
    .selectFrom('entitlement_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
}

/** The RspCodes the merchant answered for one TxnRef, in order. */
export function ipnCodes(app: App, txnRef: string): string[] {
  return vnpayEmulator(app)
    .ipnLog.filter((attempt) => attempt.txnRef === txnRef)
    .map((attempt) => attempt.rspCode ?? `http ${attempt.status}`);
}
