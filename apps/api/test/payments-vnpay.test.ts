import { randomUUID } from 'node:crypto';
import { membershipResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { relaxedAuthLimits } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import {
  grantsOf,
  ipnCodes,
  payingUser,
  paymentsTestEnv,
  returnParams,
  startVnpay,
  statusOf,
  vnpayEmulator,
  vndPrice,
} from './support/payments.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('VNPay payments on %s', (kind) => {
  const t = useTestApp(kind, { ...relaxedAuthLimits, ...paymentsTestEnv, LOG_LEVEL: 'warn' });

  it('builds a signed 2.1.0 payment URL from the catalogue price, our own return URL and a sanitised OrderInfo', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user, 'pro_monthly', {
      Description: 'Đăng ký gói Pro! <script>',
      returnUrl: 'https://evil.example/steal',
    });
    const url = new URL(created.paymentUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${t.app.config.publicUrl}/sandbox/vnpay/paymentv2/vpcpay.html`,
    );
    const params = url.searchParams;
    expect(params.get('vnp_Version')).toBe('2.1.0');
    expect(params.get('vnp_Command')).toBe('pay');
    expect(params.get('vnp_Amount')).toBe('57800000');
    expect(params.get('vnp_CurrCode')).toBe('VND');
    expect(params.get('vnp_TxnRef')).toBe(created.transactionRef);
    expect(params.get('vnp_ReturnUrl')).toBe(
      `${t.app.config.publicUrl}/payment/callback?provider=vnpay`,
    );
    expect(params.get('vnp_OrderInfo')).toBe(
      `Thanh toan AI Studio pro_monthly ${created.transactionRef}`,
    );
    expect(params.get('vnp_IpAddr')).toBe('127.0.0.1');
    expect(params.get('vnp_CreateDate')).toMatch(/^\d{14}$/);
    expect(params.has('vnp_SecureHashType')).toBe(false);
    expect(created.transactionRef).toMatch(/^[0-9A-Z]{20}$/);
  });

  it('row 1: IPN then return: one grant, IPN answered 00, the return shows success and Pro', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    const paid = await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_first');
    await paid.ipnDone;
    expect(ipnCodes(t.app, created.transactionRef)).toEqual(['00']);

    const callback = await user.api.post(
      '/api/payments/vnpay/callback',
      returnParams(paid.returnUrl),
    );
    expect(callback.statusCode, callback.body).toBe(200);
    const body = callback.json();
    expect(body.status).toBe('succeeded');
    expect(body.outcome).toBe('completed');
    expect(body.amount).toBe(vndPrice.pro_monthly);
    expect(body.providerTransactionId).toMatch(/^\d+$/);
    expect(body.membership.subscriptionTier).toBe('pro');
    expect(body.membership.tier).toBe('pro');
    expect(Date.parse(body.membership.proUntil)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);

    const profile = await user.api.get('/api/userprofile');
    expect(profile.json().subscriptionTier).toBe('pro');
  });

  it('row 2: return then IPN: the return confirms with querydr and grants; the IPN gets 02', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    const paid = await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_never');
    const callback = await user.api.post(
      '/api/payments/vnpay/callback',
      returnParams(paid.returnUrl),
    );
    expect(callback.statusCode, callback.body).toBe(200);
    expect(callback.json().status).toBe('succeeded');
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
    // The IPN arriving afterwards (replayed by hand: the same signed parameters).
    const ipn = await t.app.inject({
      method: 'GET',
      url: `/api/payments/vnpay/ipn?${new URL(paid.returnUrl).searchParams}`,
    });
    expect(ipn.json()).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('row 3: IPN and return at once: exactly one grant', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    const paid = await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_never');
    const ipnUrl = `/api/payments/vnpay/ipn?${new URL(paid.returnUrl).searchParams}`;
    const results = await Promise.all([
      t.app.inject({ method: 'GET', url: ipnUrl }),
      user.api.post('/api/payments/vnpay/callback', returnParams(paid.returnUrl)),
      t.app.inject({ method: 'GET', url: ipnUrl }),
      user.api.post('/api/payments/vnpay/callback', returnParams(paid.returnUrl)),
    ]);
    for (const response of results) expect(response.statusCode, response.body).toBe(200);
    const codes = [results[0]?.json().RspCode, results[2]?.json().RspCode];
    expect(codes.every((code) => code === '00' || code === '02')).toBe(true);
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
    expect((await statusOf(user, created.orderId)).status).toBe('succeeded');
  });

  it('row 4: the IPN delivered three times answers 00, 02, 02 with one grant', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    const paid = await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_duplicate');
    await paid.ipnDone;
    expect(ipnCodes(t.app, created.transactionRef)).toEqual(['00', '02', '02']);
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it(
    'row 5: a re-signed IPN with another amount gets 04 and changes nothing',
    { timeout: 20_000 },
    async () => {
      const user = await payingUser(t.app);
      const created = await startVnpay(user);
      const paid = await vnpayEmulator(t.app).pay(
        created.paymentUrl,
        'success',
        'ipn_tampered_amount',
      );
      await paid.ipnDone;
      const codes = ipnCodes(t.app, created.transactionRef);
      expect(codes.length).toBeGreaterThan(0);
      expect(codes.every((code) => code === '04')).toBe(true);
      expect(await grantsOf(t.app, user.id)).toHaveLength(0);
      const alerts = t.logs.filter((line) => line.includes('payment_amount_mismatch'));
      expect(alerts.length).toBeGreaterThan(0);
      expect(
        alerts.every((line) => line.includes('"level":50') && line.includes(created.orderId)),
      ).toBe(true);
      const payment = await t.app.payments.repository.findById(created.orderId);
      expect(payment?.status).toBe('pending');
    },
  );

  it(
    'row 6: bad checksum, missing hash and array-valued parameters are refused',
    { timeout: 20_000 },
    async () => {
      const user = await payingUser(t.app);
      const created = await startVnpay(user);
      const paid = await vnpayEmulator(t.app).pay(
        created.paymentUrl,
        'success',
        'ipn_bad_signature',
      );
      await paid.ipnDone;
      expect(ipnCodes(t.app, created.transactionRef).every((code) => code === '97')).toBe(true);

      const params = new URL(paid.returnUrl).searchParams;
      const noHash = new URLSearchParams(params);
      noHash.delete('vnp_SecureHash');
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/payments/vnpay/ipn?${noHash}`,
      });
      expect(missing.json()).toEqual({ RspCode: '99', Message: 'Input data required' });

      const doubled = new URLSearchParams(params);
      doubled.append('vnp_Amount', '1');
      const array = await t.app.inject({
        method: 'GET',
        url: `/api/payments/vnpay/ipn?${doubled}`,
      });
      expect(array.json().RspCode).toBe('97');

      const forged = await user.api.post('/api/payments/vnpay/callback', {
        ...returnParams(paid.returnUrl),
        vnp_Amount: '100',
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe('Invalid payment signature');
      expect(await grantsOf(t.app, user.id)).toHaveLength(0);
    },
  );

  it('row 7: an unknown TxnRef gets 01', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    const paid = await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_never');
    const params = returnParams(paid.returnUrl);
    // Re-sign with another TxnRef using the server's own secret (as VNPay would for another order).
    const { signParams } = await import('../src/domains/payments/vnpay/signing.ts');
    const other: Record<string, string> = { ...params, vnp_TxnRef: 'UNKNOWNREF0000000001' };
    delete other['vnp_SecureHash'];
    const hash = signParams(other, t.app.config.payments.vnpay.hashSecret);
    const ipn = await t.app.inject({
      method: 'GET',
      url: `/api/payments/vnpay/ipn?${new URLSearchParams({ ...other, vnp_SecureHash: hash })}`,
    });
    expect(ipn.json()).toEqual({ RspCode: '01', Message: 'Order not found' });
  });

  it(
    'row 8: the database failing during the IPN answers 99; the retry succeeds',
    { timeout: 20_000 },
    async () => {
      const user = await payingUser(t.app);
      const created = await startVnpay(user);
      const applier = t.app.payments.applier;
      const original = applier.applyResult;
      let failures = 1;
      applier.applyResult = async (...args) => {
        if (failures-- > 0) throw new Error('database is down');
        return original(...args);
      };
      try {
        const paid = await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_first');
        await paid.ipnDone;
      } finally {
        applier.applyResult = original;
      }
      expect(ipnCodes(t.app, created.transactionRef)).toEqual(['99', '00']);
      expect(await grantsOf(t.app, user.id)).toHaveLength(1);
    },
  );

  it('row 9: cancels (TransactionNo 0) are answered 00, several without an index clash', async () => {
    const user = await payingUser(t.app);
    for (let round = 0; round < 2; round += 1) {
      const created = await startVnpay(user);
      const paid = await vnpayEmulator(t.app).pay(created.paymentUrl, 'cancel', 'ipn_first');
      await paid.ipnDone;
      expect(ipnCodes(t.app, created.transactionRef)).toEqual(['00']);
      const status = await statusOf(user, created.transactionRef);
      expect(status.status).toBe('cancelled');
      expect(status.outcome).toBe('cancelled');
      expect(status.reason).toBe('cancelled');
      expect(status.providerTransactionId).toBeNull();
    }
    const insufficient = await startVnpay(user);
    await (
      await vnpayEmulator(t.app).pay(insufficient.paymentUrl, 'insufficient', 'ipn_first')
    ).ipnDone;
    const failed = await statusOf(user, insufficient.orderId);
    expect([failed.status, failed.reason]).toEqual(['failed', 'insufficient_funds']);
    expect(await grantsOf(t.app, user.id)).toHaveLength(0);
  });

  it('row 10: code 07 is held for review without a grant', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    await (
      await vnpayEmulator(t.app).pay(created.paymentUrl, 'suspicious', 'ipn_first')
    ).ipnDone;
    const status = await statusOf(user, created.orderId);
    expect([status.status, status.outcome, status.reason]).toEqual([
      'needs_review',
      'pending',
      'suspicious',
    ]);
    expect(await grantsOf(t.app, user.id)).toHaveLength(0);
  });

  it('row 19: a wrong amount or currency is refused with 422', async () => {
    const user = await payingUser(t.app);
    const cheap = await user.api.post('/api/payments/vnpay/create', {
      Amount: 1000,
      Currency: 'VND',
      PlanType: 'pro_monthly',
      Description: '',
    });
    expect(cheap.statusCode).toBe(422);
    expect(cheap.json().message).toBe('The amount does not match the price of this plan');
    const usd = await user.api.post('/api/payments/vnpay/create', {
      Amount: 19.99,
      Currency: 'USD',
      PlanType: 'pro_monthly',
      Description: '',
    });
    expect(usd.statusCode).toBe(422);
    expect(usd.json().message).toBe('VNPay charges in VND');
    const godmodeAlone = await user.api.post('/api/payments/vnpay/create', {
      Amount: vndPrice.godmode_monthly,
      Currency: 'VND',
      PlanType: 'godmode_monthly',
      Description: '',
    });
    expect(godmodeAlone.statusCode).toBe(403);
    expect(godmodeAlone.json().message).toBe('GodMode needs an active Pro plan');
  });

  it('row 20: the same clientTransactionId returns the same payment; other details get 409', async () => {
    const user = await payingUser(t.app);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      startVnpay(user, 'pro_monthly', { clientTransactionId: key }),
      startVnpay(user, 'pro_monthly', { clientTransactionId: key }),
    ]);
    expect(second.orderId).toBe(first.orderId);
    expect(second.paymentUrl).toBe(first.paymentUrl);
    const third = await startVnpay(user, 'pro_monthly', { clientTransactionId: key });
    expect(third.orderId).toBe(first.orderId);
    const conflict = await user.api.post('/api/payments/vnpay/create', {
      Amount: vndPrice.pro_yearly,
      Currency: 'VND',
      PlanType: 'pro_yearly',
      Description: '',
      clientTransactionId: key,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(
      'This payment request was already used with different details',
    );
  });

  it("row 21: another user's payment is not found by any of its ids", async () => {
    const owner = await payingUser(t.app, 'owner');
    const other = await payingUser(t.app, 'other');
    const created = await startVnpay(owner);
    for (const id of [created.orderId, created.transactionRef, 'no-such-payment']) {
      const response = await other.api.get(`/api/payments/status/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Payment not found');
    }
    expect((await statusOf(owner, created.transactionRef)).orderId).toBe(created.orderId);
    const paid = await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_never');
    const stolen = await other.api.post(
      '/api/payments/vnpay/callback',
      returnParams(paid.returnUrl),
    );
    expect(stolen.statusCode).toBe(404);
  });

  it('row 23: money arriving after the local expiry is honoured', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    await t.app.db
      .updateTable('payments')
      .set({ status: 'expired', reason: 'expired' })
      .where('id', '=', created.orderId)
      .execute();
    await (
      await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_first')
    ).ipnDone;
    expect(ipnCodes(t.app, created.transactionRef)).toEqual(['00']);
    expect((await statusOf(user, created.orderId)).status).toBe('succeeded');
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('membership lists the plan, its entitlements and the history, newest first', async () => {
    const user = await payingUser(t.app);
    const first = await startVnpay(user);
    await (
      await vnpayEmulator(t.app).pay(first.paymentUrl, 'success', 'ipn_first')
    ).ipnDone;
    const second = await startVnpay(user, 'pro_monthly_godmode');
    await (
      await vnpayEmulator(t.app).pay(second.paymentUrl, 'success', 'ipn_first')
    ).ipnDone;
    const response = await user.api.get('/api/membership');
    expect(response.statusCode, response.body).toBe(200);
    const membership = membershipResponse.parse(response.json());
    expect(membership.tier).toBe('godmode');
    expect(membership.entitlements.models).toBe('godmode');
    expect(membership.payments.map((p) => p.orderId)).toEqual([second.orderId, first.orderId]);
    // Two months of Pro stacked; GodMode from the second purchase only.
    const proMonths = (Date.parse(membership.proUntil ?? '') - Date.now()) / 86_400_000;
    expect(proMonths).toBeGreaterThan(55);
    const godmodeDays = (Date.parse(membership.godmodeUntil ?? '') - Date.now()) / 86_400_000;
    expect(godmodeDays).toBeGreaterThan(27);
    expect(godmodeDays).toBeLessThan(32);
  });
});
