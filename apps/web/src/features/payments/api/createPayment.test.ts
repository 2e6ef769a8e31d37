import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paymentsHandlers } from '../../../mocks/handlers/payments';
import { server } from '../../../test/server';
import { createPaypalPayment, createVnpayPayment } from './createPayment';

const vnpayRequest = {
  Amount: 578_000,
  Currency: 'VND',
  PlanType: 'pro_monthly',
  Description: 'AI Studio Pro – monthly',
} as const;

describe('the create calls (§3 Payment create response)', () => {
  it('reads the camelCase answer', async () => {
    await expect(createVnpayPayment(vnpayRequest)).resolves.toEqual({
      redirectUrl: '/sandbox/vnpay/paymentv2/vpcpay.html?vnp_TxnRef=01JDX4S7N5Q2W8E3R6T9',
      transactionRef: '01JDX4S7N5Q2W8E3R6T9',
      orderId: 'pay_01JDX4S7N5Q2W8E3R6T9Y1U4I7',
    });
  });

  it('reads the PascalCase answer too', async () => {
    server.use(paymentsHandlers.vnpayCreatePascal);
    const created = await createVnpayPayment(vnpayRequest);
    expect(created.redirectUrl).toMatch(/^\/sandbox\/vnpay\//);
    expect(created.orderId).toBe('pay_01JDX4S7N5Q2W8E3R6T9Y1U4I7');
  });

  it('takes the approval URL from a PayPal answer', async () => {
    const created = await createPaypalPayment({
      Amount: 19.99,
      Currency: 'USD',
      PurchaseType: 'subscription',
      PurchaseId: 'pro_monthly',
      Description: 'AI Studio Pro – monthly',
    });
    expect(created.redirectUrl).toBe('/sandbox/paypal/checkoutnow?token=5O190127TN364715T');
  });

  it('refuses an answer without a URL to go to', async () => {
    server.use(
      http.post('*/api/payments/vnpay/create', () =>
        HttpResponse.json({ transactionRef: 'T', orderId: 'O' }),
      ),
    );
    await expect(createVnpayPayment(vnpayRequest)).rejects.toThrow(/incomplete/);
  });
});
