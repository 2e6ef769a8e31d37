import type { PaymentRecord } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { sampleMemberships, samplePayment } from '../../../mocks/handlers/payments';
import { createTestI18n } from '../../../test/i18n';
import {
  formatPaid,
  hasReceipt,
  historyRow,
  itemName,
  receiptOf,
  sortNewestFirst,
} from './describePayment';
import { entitlementLines, numberFormatter } from './entitlements';

const en = createTestI18n('en').getFixedT('en', 'billing');
const vi = createTestI18n('vi').getFixedT('vi', 'billing');
const customer = { displayName: 'Linh Nguyen', email: 'linh.nguyen@example.com' };

describe('itemName', () => {
  it('names the plan and the period', () => {
    expect(itemName('pro_monthly', en)).toBe('Pro, monthly');
    expect(itemName('pro_yearly_godmode', en)).toBe('Pro + GodMode, yearly');
    expect(itemName('godmode_monthly', en)).toBe('GodMode add-on, monthly');
    expect(itemName('pro_yearly', vi)).toBe('Pro, theo năm');
  });
});

describe('formatPaid', () => {
  it('writes dong the Vietnamese way and dollars the US way', () => {
    expect(formatPaid({ amount: 578_000, currency: 'VND' })).toMatch(/^578\.000\s₫$/);
    expect(formatPaid({ amount: 777.99, currency: 'USD' })).toBe('$777.99');
  });
});

describe('the payment history', () => {
  const older: PaymentRecord = {
    ...samplePayment,
    orderId: 'old',
    createdAt: '2025-01-01T00:00:00.000Z',
  };
  const newer: PaymentRecord = {
    ...samplePayment,
    orderId: 'new',
    createdAt: '2026-06-01T00:00:00.000Z',
  };

  it('lists the newest first whatever the order received', () => {
    expect(sortNewestFirst([older, newer]).map((p) => p.orderId)).toEqual(['new', 'old']);
    expect(sortNewestFirst([newer, older]).map((p) => p.orderId)).toEqual(['new', 'old']);
  });

  it('describes a row in the interface language, status translated', () => {
    const row = historyRow(samplePayment, en, 'en');
    expect(row).toMatchObject({
      item: 'Pro, monthly',
      provider: 'VNPay',
      reference: samplePayment.transactionRef,
      status: 'Paid',
      receipt: true,
      createdAt: samplePayment.createdAt,
    });
    expect(row.amount).toMatch(/578\.000\s₫/);
    expect(row.date).toContain('2026');
    const cancelled = sampleMemberships.pro.payments[1] as PaymentRecord;
    expect(historyRow(cancelled, vi, 'vi')).toMatchObject({ status: 'Đã hủy', receipt: false });
  });

  it('offers receipts only for money taken', () => {
    expect(hasReceipt(samplePayment)).toBe(true);
    expect(hasReceipt({ ...samplePayment, status: 'partially_refunded' })).toBe(true);
    expect(
      hasReceipt({ ...samplePayment, status: 'pending', outcome: 'pending', paidAt: null }),
    ).toBe(false);
  });
});

describe('receiptOf', () => {
  it('has the merchant, the customer, the item, the amount and both references', () => {
    const paypal = sampleMemberships.godmode.payments[0] as PaymentRecord;
    expect(receiptOf(paypal, customer, 'AI Studio', en, 'en')).toEqual({
      merchant: 'AI Studio',
      customerName: 'Linh Nguyen',
      customerEmail: 'linh.nguyen@example.com',
      paidAt: paypal.paidAt,
      date: expect.stringContaining('2025') as unknown as string,
      item: 'Pro + GodMode, yearly',
      amount: '$777.99',
      provider: 'PayPal',
      providerTransactionId: '3C679366HH908993F',
      reference: paypal.transactionRef,
    });
  });

  it('gives no receipt for a payment that took no money', () => {
    const failed: PaymentRecord = {
      ...samplePayment,
      status: 'failed',
      outcome: 'failed',
      paidAt: null,
    };
    expect(receiptOf(failed, customer, 'AI Studio', en, 'en')).toBeNull();
  });
});

describe('entitlementLines', () => {
  it('says what a plan unlocks from the server entitlements, numbers localised', () => {
    const pro = sampleMemberships.pro.entitlements;
    expect(entitlementLines(pro, en, numberFormatter('en'))).toEqual([
      'Pro models, including the most capable ones',
      '2,000 messages a day',
      '500 images a day in the image tools',
      '300 pictures read a day in the vision tool',
      '300 pieces written a day in the content writer',
      '1,000 document pages a day in the office tools',
      '120 minutes of music a day in the music creator',
      '200,000 characters of speech a day in voice synthesis',
      '120 minutes of dictation a day',
      'Spoken replies',
      'Up to 100 active share links, each kept up to 365 days',
    ]);
    expect(entitlementLines({ ...pro, spokenReplies: false }, vi, numberFormatter('vi'))).toContain(
      'Không có trả lời bằng giọng nói',
    );
    expect(entitlementLines(pro, vi, numberFormatter('vi'))[1]).toBe('2.000 tin nhắn mỗi ngày');
    expect(
      entitlementLines(
        { ...pro, daily: { ...pro.daily, images: 0 } },
        en,
        numberFormatter('en'),
      )[2],
    ).toBe('No pictures in the image tools');
  });
});
