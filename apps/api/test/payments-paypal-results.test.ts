import { describe, expect, it } from 'vitest';
import { PaypalApiError, PaypalUnreachableError } from '../src/domains/payments/paypal/client.ts';
import {
  resultOfCapture,
  reversalOfCapture,
  usdValueToCents,
  verdictOfCaptureError,
  verdictOfOrder,
} from '../src/domains/payments/paypal/results.ts';
import { orderDescription, orderRequest } from '../src/domains/payments/paypal/order-request.ts';
import type { PaypalCapture } from '../src/domains/payments/paypal/schemas.ts';

const expected = { paymentId: 'pay-1', amountMinor: 1999, currency: 'USD' };

const capture = (overrides: Partial<PaypalCapture> = {}): PaypalCapture => ({
  id: 'CAP-1',
  status: 'COMPLETED',
  amount: { currency_code: 'USD', value: '19.99' },
  custom_id: 'pay-1',
  create_time: '2026-11-21T10:00:00Z',
  ...overrides,
});

const refusal = (status: number, issue?: string) =>
  new PaypalApiError(status, 'UNPROCESSABLE_ENTITY', issue, 'dbg', 'refused');

describe('PayPal result mapping', () => {
  it('reads USD values as whole cents and refuses anything else', () => {
    expect(usdValueToCents('19.99')).toBe(1999);
    expect(usdValueToCents('578')).toBe(57800);
    expect(usdValueToCents('0.5')).toBe(50);
    for (const bad of ['19.999', '-1.00', '1e3', '', ' 19.99', '19,99']) {
      expect(usdValueToCents(bad)).toBeUndefined();
    }
  });

  it('grants only for a COMPLETED capture of the expected amount, currency and payment', () => {
    expect(resultOfCapture(capture(), expected)).toMatchObject({
      kind: 'succeeded',
      providerTxnId: 'CAP-1',
      amountMinor: 1999,
      currency: 'USD',
      paidAt: new Date('2026-11-21T10:00:00Z'),
    });
    expect(
      resultOfCapture(capture({ amount: { currency_code: 'USD', value: '1.99' } }), expected),
    ).toMatchObject({ kind: 'needs_review', reason: 'amount_mismatch' });
    expect(
      resultOfCapture(capture({ amount: { currency_code: 'EUR', value: '19.99' } }), expected),
    ).toMatchObject({ kind: 'needs_review', reason: 'amount_mismatch' });
    expect(resultOfCapture(capture({ custom_id: 'pay-2' }), expected)).toMatchObject({
      kind: 'needs_review',
    });
  });

  it('keeps PENDING captures pending and fails declined ones', () => {
    expect(
      resultOfCapture(
        capture({ status: 'PENDING', status_details: { reason: 'PENDING_REVIEW' } }),
        expected,
      ),
    ).toMatchObject({ kind: 'pending', details: { statusReason: 'PENDING_REVIEW' } });
    expect(resultOfCapture(capture({ status: 'DECLINED' }), expected)).toMatchObject({
      kind: 'failed',
      reason: 'declined',
    });
    expect(resultOfCapture(capture({ status: 'SOMETHING_NEW' }), expected).kind).toBe('pending');
  });

  it('treats a refunded capture as paid, then reversed', () => {
    expect(resultOfCapture(capture({ status: 'REFUNDED' }), expected).kind).toBe('succeeded');
    expect(reversalOfCapture(capture({ status: 'REFUNDED' }))).toBe('refunded');
    expect(reversalOfCapture(capture({ status: 'PARTIALLY_REFUNDED' }))).toBe('partially_refunded');
    expect(reversalOfCapture(capture())).toBeUndefined();
  });

  it('reads an order: its capture, approved-but-not-captured, waiting, voided', () => {
    const captured = {
      id: 'O',
      status: 'COMPLETED',
      purchase_units: [
        { payments: { captures: [capture({ id: 'DECLINED-1', status: 'DECLINED' }), capture()] } },
      ],
    };
    expect(verdictOfOrder(captured)).toEqual({ kind: 'capture', capture: capture() });
    expect(verdictOfOrder({ id: 'O', status: 'APPROVED' })).toEqual({ kind: 'approved' });
    expect(verdictOfOrder({ id: 'O', status: 'PAYER_ACTION_REQUIRED' })).toEqual({
      kind: 'waiting',
    });
    expect(verdictOfOrder({ id: 'O', status: 'VOIDED' })).toMatchObject({
      kind: 'final',
      result: { kind: 'cancelled', reason: 'cancelled' },
    });
  });

  it('maps capture refusals the way PayPal documents them', () => {
    expect(verdictOfCaptureError(refusal(422, 'ORDER_ALREADY_CAPTURED'))).toEqual({
      kind: 'read_order',
    });
    expect(verdictOfCaptureError(refusal(422, 'INSTRUMENT_DECLINED'))).toEqual({
      kind: 'pending',
      reason: 'declined',
      sendBack: true,
    });
    expect(verdictOfCaptureError(refusal(422, 'ORDER_NOT_APPROVED'))).toEqual({
      kind: 'pending',
      sendBack: true,
    });
    expect(verdictOfCaptureError(refusal(404, undefined))).toMatchObject({
      kind: 'final',
      result: { kind: 'expired', reason: 'expired' },
    });
    expect(verdictOfCaptureError(refusal(422, 'TRANSACTION_REFUSED'))).toMatchObject({
      result: { kind: 'failed', reason: 'declined' },
    });
    // Not a business answer: the caller reports the provider as unreachable.
    expect(verdictOfCaptureError(refusal(422, 'SOMETHING_ELSE'))).toBeUndefined();
    expect(verdictOfCaptureError(new PaypalUnreachableError('timeout'))).toBeUndefined();
  });
});

describe('PayPal order request', () => {
  const input = {
    paymentId: 'pay-1',
    txnRef: '01JTXNREF0000000000A',
    plan: 'pro_monthly_godmode' as const,
    value: '597.99',
    brandName: 'AI Studio',
    language: 'vi',
    publicUrl: 'https://studio.example',
  };

  it('binds the one purchase unit to the payment and returns to our own callback', () => {
    const body = orderRequest(input);
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units).toEqual([
      {
        reference_id: 'pro_monthly_godmode',
        custom_id: 'pay-1',
        invoice_id: 'AIS-01JTXNREF0000000000A',
        description: 'AI Studio Pro + GodMode - 1 month',
        amount: { currency_code: 'USD', value: '597.99' },
      },
    ]);
    expect(body.payment_source.paypal.experience_context).toEqual({
      brand_name: 'AI Studio',
      locale: 'vi-VN',
      shipping_preference: 'NO_SHIPPING',
      user_action: 'PAY_NOW',
      payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
      return_url:
        'https://studio.example/payment/callback?provider=paypal&txnRef=01JTXNREF0000000000A',
      cancel_url:
        'https://studio.example/payment/callback?provider=paypal&txnRef=01JTXNREF0000000000A&cancelled=1',
    });
    expect(
      orderRequest({ ...input, language: 'en' }).payment_source.paypal.experience_context.locale,
    ).toBe('en-US');
  });

  it('describes the plan from the server side only, within 127 printable characters', () => {
    expect(orderDescription('AI Studio', 'godmode_yearly')).toBe(
      'AI Studio GodMode add-on - 12 months',
    );
    expect(orderDescription('AI Studio', 'pro_monthly')).toBe('AI Studio Pro - 1 month');
    const long = orderDescription(`Brand\u0007${'x'.repeat(200)}`, 'pro_yearly');
    expect(long.length).toBeLessThanOrEqual(127);
    expect(long).not.toMatch(/[^\x20-\x7e]/);
  });
});
