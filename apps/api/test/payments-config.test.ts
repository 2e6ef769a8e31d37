import { entitlementTiers, paymentMethodsResponse, pricingResponse } from '@studio/contracts';
import { studioTools } from '@studio/contracts/tools';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { databaseKinds } from './support/databases.ts';
import { paymentsTestEnv } from './support/payments.ts';
import { useTestApp } from './support/test-app.ts';

const production = {
  NODE_ENV: 'production',
  CSRF_SECRET: 'k7Q2v9LmX4pR8tW1zB6nC3yD5fG0hJ2s',
  AUTH_SECRET: 'P3x8Rk2Lq9Zw5Tn1Vb7Hc4Jd6Mf0Gs2Y',
  PUBLIC_URL: 'https://studio.example',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('payments configuration', () => {
  it('uses the embedded sandboxes with per-process secrets when no credentials are set', () => {
    const first = loadConfig({}).payments;
    const second = loadConfig({}).payments;
    expect(first.mode).toBe('auto');
    expect(first.vnpay).toMatchObject({
      kind: 'sandbox',
      paymentUrl: 'http://localhost:8080/sandbox/vnpay/paymentv2/vpcpay.html',
      locale: 'vn',
    });
    expect(first.paypal.kind).toBe('sandbox');
    expect(first.vnpay.hashSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.vnpay.hashSecret).not.toBe(second.vnpay.hashSecret);
    expect(first).toMatchObject({
      reconcileIntervalSeconds: 300,
      pendingQueryAfterSeconds: 900,
    });
    expect(first.catalogue.pro_monthly).toEqual({ USD: 1999, VND: 578000 });
  });

  it('makes a provider real with all its credentials, and refuses half of them', () => {
    const real = loadConfig({
      VNPAY_TMN_CODE: 'ABCD1234',
      VNPAY_HASH_SECRET: 'a-real-looking-secret-value',
    }).payments;
    expect(real.vnpay).toMatchObject({
      kind: 'real',
      tmnCode: 'ABCD1234',
      paymentUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
      apiUrl: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
    });
    expect(real.paypal.kind).toBe('sandbox');
    expect(problemsOf({ VNPAY_TMN_CODE: 'ABCD1234' })).toEqual([
      'VNPAY_HASH_SECRET: is required when VNPAY_TMN_CODE is set (a provider needs all its credentials, or none for the sandbox)',
    ]);
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })).toEqual([
      'PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: are required when PAYPAL_CLIENT_ID is set (a provider needs all its credentials, or none for the sandbox)',
    ]);
    expect(problemsOf({ VNPAY_TMN_CODE: 'short' })).toEqual([
      'VNPAY_TMN_CODE: must be the 8-character terminal code VNPay issued',
    ]);
  });

  it('keeps sandbox payments out of production unless ALLOW_SANDBOX_IN_PRODUCTION=true', () => {
    const plain = loadConfig(production);
    expect([plain.payments.vnpay.kind, plain.payments.paypal.kind]).toEqual(['off', 'off']);
    expect(plain.warnings.join('\n')).toMatch(/VNPay and PayPal are off/);
    expect(problemsOf({ ...production, PAYMENTS_PROVIDER_MODE: 'sandbox' })).toEqual([
      expect.stringMatching(
        /^PAYMENTS_PROVIDER_MODE: sandbox hands out Pro for test money; it is refused/,
      ),
    ]);
    const rig = loadConfig({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: 'true' });
    expect(rig.payments.vnpay.kind).toBe('sandbox');
    expect(rig.warnings.join('\n')).toMatch(/embedded sandbox in production/);
    expect(
      problemsOf({
        ...production,
        VNPAY_TMN_CODE: 'ABCD1234',
        VNPAY_HASH_SECRET: 'changeme-please',
      }),
    ).toEqual(['VNPAY_HASH_SECRET: looks like a placeholder; use the secret your provider issued']);
  });

  it('reads a partial PRICING_CATALOG and checks its prices', () => {
    const payments = loadConfig({
      PRICING_CATALOG: '{"pro_monthly":{"USD":9.5,"VND":250000}}',
    }).payments;
    expect(payments.catalogue.pro_monthly).toEqual({ USD: 950, VND: 250000 });
    expect(payments.catalogue.pro_yearly).toEqual({ USD: 19999, VND: 5780000 });
    expect(problemsOf({ PRICING_CATALOG: '{' })).toEqual(['PRICING_CATALOG: is not valid JSON']);
    expect(problemsOf({ PRICING_CATALOG: '{"pro_monthly":{"USD":9.999,"VND":1.5}}' })).toEqual([
      'PRICING_CATALOG.pro_monthly.USD: must have at most 2 decimals',
      'PRICING_CATALOG.pro_monthly.VND: must be a whole number of đồng',
    ]);
    expect(problemsOf({ PRICING_CATALOG: '{"pro_monthly":{"USD":0,"VND":1}}' })).toHaveLength(1);
    expect(problemsOf({ PRICING_CATALOG: '{"gold":{"USD":1,"VND":1}}' })).toHaveLength(1);
  });
});

describe.each(databaseKinds)('GET /api/pricing and /api/payment-methods on %s', (kind) => {
  describe('fallback catalogue, sandbox providers', () => {
    const t = useTestApp(kind, paymentsTestEnv);

    it('serves the §9 prices, savings and the entitlements, publicly', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/pricing' });
      expect(response.statusCode, response.body).toBe(200);
      const pricing = pricingResponse.parse(response.json());
      expect(pricing.subscriptions.monthly).toEqual({ USD: 19.99, VND: 578000 });
      expect(pricing.yearlySavings.USD).toEqual({ amount: 39.89, percent: 17 });
      expect(pricing.entitlements.free.activeShareLinks).toBe(5);
      expect(pricing.entitlements.godmode.dailyMessages).toBe(10000);
      expect(pricing.entitlements.pro.dailyImages).toBe(500);
    });

    it('lists PayPal and VNPay as available sandboxes', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/payment-methods' });
      expect(paymentMethodsResponse.parse(response.json()).methods).toEqual([
        { id: 'paypal', name: 'PayPal', currency: 'USD', available: true, sandbox: true },
        { id: 'vnpay', name: 'VNPay', currency: 'VND', available: true, sandbox: true },
      ]);
    });
  });

  describe('a configured catalogue, payments off', () => {
    const t = useTestApp(kind, {
      ...paymentsTestEnv,
      PAYMENTS_PROVIDER_MODE: 'off',
      PRICING_CATALOG: '{"pro_yearly":{"USD":150,"VND":4000000}}',
      CHAT_DAILY_LIMIT_PRO: '300',
      IMAGE_DAILY_LIMIT_VISITOR: '2',
      IMAGE_DAILY_LIMIT_FREE: '0',
    });

    it("lists every open tool's meter with its configured limit, per tier and for visitors", async () => {
      const pricing = pricingResponse.parse(
        (await t.app.inject({ method: 'GET', url: '/api/pricing' })).json(),
      );
      const openMeters = studioTools.flatMap((tool) => (tool.available ? tool.meters : []));
      expect(openMeters).not.toHaveLength(0);
      for (const meter of openMeters) {
        for (const tier of entitlementTiers) {
          expect(pricing.entitlements[tier].daily).toHaveProperty(meter);
        }
        expect(pricing.visitor.daily).toHaveProperty(meter);
      }
      expect(pricing.entitlements.free.daily).toEqual({
        chat: 100,
        images: 0,
        speech: 10_000,
        transcription: 600,
        music: 600,
        vision: 30,
        pages: 100,
        writing: 20,
      });
      expect(pricing.entitlements.pro.daily).toEqual({
        chat: 300,
        images: 500,
        speech: 200_000,
        transcription: 7200,
        music: 7200,
        vision: 300,
        pages: 1000,
        writing: 300,
      });
      expect(pricing.entitlements.godmode.daily).toEqual({
        chat: 10_000,
        images: 2000,
        speech: 1_000_000,
        transcription: 14_400,
        music: 36_000,
        vision: 1000,
        pages: 5000,
        writing: 1000,
      });
      // The fields from before the meters, for the clients that read them.
      expect(pricing.entitlements.pro.dailyMessages).toBe(300);
      expect(pricing.entitlements.free.dailyImages).toBe(0);
      expect(pricing.visitor).toEqual({
        daily: {
          chat: 20,
          images: 2,
          speech: 2000,
          transcription: 120,
          music: 180,
          vision: 10,
          pages: 30,
          writing: 5,
        },
        dailyMessages: 20,
        dailyImages: 2,
      });
    });

    it('prices from the catalogue and shows the methods unavailable', async () => {
      const pricing = pricingResponse.parse(
        (await t.app.inject({ method: 'GET', url: '/api/pricing' })).json(),
      );
      expect(pricing.subscriptions.yearly).toEqual({ USD: 150, VND: 4000000 });
      expect(pricing.yearlySavings.USD).toEqual({ amount: 89.88, percent: 37 });
      const methods = paymentMethodsResponse.parse(
        (await t.app.inject({ method: 'GET', url: '/api/payment-methods' })).json(),
      ).methods;
      expect(methods.map((method) => [method.id, method.available, method.sandbox])).toEqual([
        ['paypal', false, false],
        ['vnpay', false, false],
      ]);
      expect(t.app.payments.sandbox.vnpay).toBeNull();
      const emulator = await t.app.inject({
        method: 'GET',
        url: '/sandbox/vnpay/paymentv2/vpcpay.html',
      });
      expect(emulator.statusCode).toBe(404);
    });
  });
});
