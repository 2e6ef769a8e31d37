import type { PaypalCreateRequest, VnpayCreateRequest } from '@studio/contracts';
import { describe, expect, it, vi } from 'vitest';
import { HttpFailure } from '../../../lib/api/errorText';
import { createMemoryStore, storageKeys } from '../../../lib/storage';
import { samplePricing } from '../../../mocks/handlers/payments';
import {
  checkoutDescription,
  needsBiometricVerification,
  newClientTransactionId,
  paypalRequest,
  startCheckout,
  vnpayRequest,
  type CheckoutGateways,
} from './checkout';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const context = {
  clientTransactionId: 'b7d5c6a2-5b1e-4c8e-9d0a-3f2e1c0b9a87',
  returnUrl: 'https://studio.example/payment/callback',
};

describe('the create requests (§3, §7)', () => {
  it('asks VNPay for the plan in VND', () => {
    expect(
      vnpayRequest({ ...context, choice: { period: 'monthly', godmode: false }, pricing: null }),
    ).toEqual({
      Amount: 578_000,
      Currency: 'VND',
      PlanType: 'pro_monthly',
      Description: 'AI Studio Pro – monthly',
      ...context,
    });
  });

  it('asks PayPal for the plan in USD, GodMode added, priced from the catalogue', () => {
    const pricing = {
      ...samplePricing,
      subscriptions: { ...samplePricing.subscriptions, yearly: { USD: 189.99, VND: 5_500_000 } },
    };
    expect(
      paypalRequest({ ...context, choice: { period: 'yearly', godmode: true }, pricing }),
    ).toEqual({
      Amount: 767.99,
      Currency: 'USD',
      PurchaseType: 'subscription',
      PurchaseId: 'pro_yearly_godmode',
      Description: 'AI Studio Pro – yearly + GodMode',
      ...context,
    });
  });

  it('describes the order in one wording', () => {
    expect(checkoutDescription({ period: 'yearly', godmode: false })).toBe(
      'AI Studio Pro – yearly',
    );
  });

  it('makes a fresh version-4 UUID each time, with or without crypto.randomUUID', () => {
    const first = newClientTransactionId();
    expect(first).toMatch(uuid);
    expect(newClientTransactionId()).not.toBe(first);
    // An insecure context (http://192.168.…) has no randomUUID: shadow the prototype's.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const fallback = newClientTransactionId();
      expect(fallback).toMatch(uuid);
      expect(newClientTransactionId()).not.toBe(fallback);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(newClientTransactionId()).toMatch(uuid);
  });
});

function gateways() {
  return {
    createVnpay: vi.fn((request: VnpayCreateRequest) =>
      Promise.resolve({
        redirectUrl: `https://vnpay.example/pay?amount=${request.Amount}`,
        transactionRef: 'TXN-1',
        orderId: 'pay_vnpay_1',
      }),
    ),
    createPaypal: vi.fn((request: PaypalCreateRequest) =>
      Promise.resolve({
        redirectUrl: `https://paypal.example/approve?amount=${request.Amount}`,
        transactionRef: 'TXN-2',
        orderId: 'pay_paypal_1',
      }),
    ),
  };
}

describe('startCheckout (§4)', () => {
  it('stores the pending payment before redirecting to the provider', async () => {
    const store = createMemoryStore();
    const calls = gateways();
    const redirect = vi.fn((url: string) => {
      // The id must already be stored when the browser leaves.
      expect(store.get(storageKeys.pendingPayment)).toBe('pay_vnpay_1');
      expect(url).toBe('https://vnpay.example/pay?amount=578000');
    });
    await startCheckout({
      provider: 'vnpay',
      choice: { period: 'monthly', godmode: false },
      pricing: samplePricing,
      store,
      redirect,
      gateways: calls,
      newId: () => 'id-1',
    });
    expect(redirect).toHaveBeenCalledOnce();
    expect(calls.createVnpay).toHaveBeenCalledWith(
      expect.objectContaining({ clientTransactionId: 'id-1', PlanType: 'pro_monthly' }),
    );
    expect(calls.createPaypal).not.toHaveBeenCalled();
  });

  it('uses a new clientTransactionId for every start', async () => {
    const calls = gateways();
    const options = {
      provider: 'paypal' as const,
      choice: { period: 'monthly' as const, godmode: false },
      pricing: null,
      store: createMemoryStore(),
      redirect: vi.fn(),
      gateways: calls,
    };
    await startCheckout(options);
    await startCheckout(options);
    const ids = calls.createPaypal.mock.calls.map(([request]) => request.clientTransactionId);
    expect(ids[0]).toMatch(uuid);
    expect(ids[1]).toMatch(uuid);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('on a failed create neither stores a pending payment nor redirects', async () => {
    const store = createMemoryStore();
    const redirect = vi.fn();
    const failure = new Error('Request failed with status code 500');
    await expect(
      startCheckout({
        provider: 'paypal',
        choice: { period: 'yearly', godmode: true },
        pricing: null,
        store,
        redirect,
        gateways: {
          ...gateways(),
          createPaypal: () => Promise.reject(failure),
        } satisfies CheckoutGateways,
      }),
    ).rejects.toBe(failure);
    expect(store.get(storageKeys.pendingPayment)).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('needsBiometricVerification (§2 step 3)', () => {
  const answer = (status: number, data: unknown) => new HttpFailure({ status, data });

  it('recognises the 403 that asks for a verification, and nothing else', () => {
    const message = 'Biometric verification is required before payment.';
    expect(
      needsBiometricVerification(answer(403, { message, error: 'verificationRequired' })),
    ).toBe(true);
    expect(needsBiometricVerification(answer(403, { message: 'Forbidden' }))).toBe(false);
    expect(needsBiometricVerification(answer(400, { error: 'verificationRequired' }))).toBe(false);
    expect(needsBiometricVerification(answer(403, 'verificationRequired'))).toBe(false);
    expect(needsBiometricVerification(new Error('verificationRequired'))).toBe(false);
  });
});
