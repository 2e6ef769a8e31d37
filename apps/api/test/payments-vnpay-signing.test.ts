import { afterEach, describe, expect, it } from 'vitest';
import { formatGmt7, parseGmt7 } from '../src/domains/payments/vnpay/gmt7.ts';
import { customerIp } from '../src/domains/payments/vnpay/ip.ts';
import { orderInfoFor, sanitizeOrderInfo } from '../src/domains/payments/vnpay/order-info.ts';
import {
  signData,
  signParams,
  signPipe,
  verifyParams,
} from '../src/domains/payments/vnpay/signing.ts';
import { newTxnRef } from '../src/domains/payments/txn-ref.ts';

// payments.md §1.4: the npm vnpay library's fixtures, key 'test_secret'.
const golden = {
  vnp_Amount: '1000000',
  vnp_BankCode: 'NCB',
  vnp_BankTranNo: 'VNP14422574',
  vnp_CardType: 'ATM',
  vnp_OrderInfo: 'Thanh toan don hang 2024-05-21T02:17:31.249Z',
  vnp_PayDate: '20240521091806',
  vnp_ResponseCode: '00',
  vnp_TmnCode: 'TEST_TMN_CODE',
  vnp_TransactionNo: '14422574',
  vnp_TransactionStatus: '00',
  vnp_TxnRef: '1716257871703',
};
const goldenSignData =
  'vnp_Amount=1000000&vnp_BankCode=NCB&vnp_BankTranNo=VNP14422574&vnp_CardType=ATM&vnp_OrderInfo=Thanh+toan+don+hang+2024-05-21T02%3A17%3A31.249Z&vnp_PayDate=20240521091806&vnp_ResponseCode=00&vnp_TmnCode=TEST_TMN_CODE&vnp_TransactionNo=14422574&vnp_TransactionStatus=00&vnp_TxnRef=1716257871703';
const goldenHash =
  '649982421beb422556a1374713c74e58e716ecbd05007c0c0e1f7effdfaf361dbf146889ca446139afe11b9954c4d5c486e99e3b86fcfab6957f29eb0be72895';
const golden99Hash =
  '503194f6d93b57b357b2d1d09742565e67e86d771352c5dca4fc8d39df3d392c6b3809add9405f97cfb9631f445e36c80656cfbf47eac67d97fa165865c13e1b';

describe('VNPay checksums (golden vectors, payments.md §1.4)', () => {
  it('builds the canonical sign data and its HMAC-SHA512', () => {
    expect(signData(golden)).toBe(goldenSignData);
    expect(signParams(golden, 'test_secret')).toBe(goldenHash);
    expect(signParams({ ...golden, vnp_ResponseCode: '99' }, 'test_secret')).toBe(golden99Hash);
  });

  it('ignores the hash fields, empty values and non-vnp keys; sorts whatever the input order', () => {
    const shuffled = Object.fromEntries(Object.entries(golden).reverse());
    expect(
      signParams(
        { ...shuffled, vnp_SecureHashType: 'HmacSHA512', vnp_Empty: '', provider: 'vnpay' },
        'test_secret',
      ),
    ).toBe(goldenHash);
  });

  it('verifies received parameters in constant time, case-insensitively', () => {
    expect(
      verifyParams({ ...golden, vnp_SecureHash: goldenHash.toUpperCase() }, 'test_secret').ok,
    ).toBe(true);
    expect(verifyParams({ ...golden, vnp_SecureHash: goldenHash }, 'other_secret')).toEqual({
      ok: false,
      problem: 'checksum',
    });
    expect(
      verifyParams({ ...golden, vnp_Amount: '100', vnp_SecureHash: goldenHash }, 'test_secret'),
    ).toEqual({ ok: false, problem: 'checksum' });
    expect(verifyParams({ ...golden }, 'test_secret')).toEqual({ ok: false, problem: 'missing' });
    expect(
      verifyParams(
        { ...golden, vnp_Amount: ['1000000', '1'], vnp_SecureHash: goldenHash },
        'test_secret',
      ),
    ).toEqual({ ok: false, problem: 'not_string' });
  });

  it('signs querydr values joined with |', () => {
    expect(signPipe(['a', 'b c', ''], 'k')).toBe(signPipe(['a|b c|'], 'k'));
    expect(signPipe(['a', 'b'], 'k')).not.toBe(signPipe(['ab'], 'k'));
  });
});

describe('GMT+7 dates whatever the process time zone', () => {
  const original = process.env['TZ'];
  afterEach(() => {
    if (original === undefined) delete process.env['TZ'];
    else process.env['TZ'] = original;
  });

  for (const zone of ['UTC', 'America/New_York', 'Asia/Ho_Chi_Minh', 'Pacific/Kiritimati']) {
    it(`formats in GMT+7 under TZ=${zone}`, () => {
      process.env['TZ'] = zone;
      const instant = new Date('2026-12-31T17:30:05.000Z');
      expect(formatGmt7(instant)).toBe('20270101003005');
      expect(formatGmt7(new Date('2024-05-21T02:18:06.000Z'))).toBe('20240521091806');
      expect(parseGmt7('20270101003005')?.toISOString()).toBe('2026-12-31T17:30:05.000Z');
    });
  }

  it('refuses what is not a yyyyMMddHHmmss stamp', () => {
    expect(parseGmt7('20260231120000')).toBeNull();
    expect(parseGmt7('2026-01-01')).toBeNull();
  });
});

describe('OrderInfo, customer IP and TxnRef', () => {
  it('strips diacritics and special characters (row 12)', () => {
    expect(sanitizeOrderInfo('Thanh toán đơn hàng Đà Nẵng')).toBe('Thanh toan don hang Da Nang');
    expect(sanitizeOrderInfo("Pro! 'x' (y) ~z & 100% <b>")).toBe('Pro x y z 100 b');
    expect(sanitizeOrderInfo('a'.repeat(400))).toHaveLength(255);
    expect(orderInfoFor('pro_yearly', 'ABC123')).toBe('Thanh toan AI Studio pro_yearly ABC123');
    // Whatever the sanitiser leaves, URLSearchParams and the emulator encode it the same way.
    expect(signData({ vnp_OrderInfo: sanitizeOrderInfo('Gói Pro: 1 tháng, 19.99') })).toBe(
      'vnp_OrderInfo=Goi+Pro%3A+1+thang%2C+19.99',
    );
  });

  it("takes the customer's address VNPay accepts", () => {
    expect(customerIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(customerIp('::1')).toBe('127.0.0.1');
    expect(customerIp('2001:db8::1')).toBe('2001:db8::1');
    expect(customerIp('198.51.100.2')).toBe('198.51.100.2');
  });

  it('makes a new 20-character time-sortable reference every time', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const refs = Array.from({ length: 1000 }, () => newTxnRef(now));
    expect(new Set(refs).size).toBe(1000);
    for (const ref of refs) expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(newTxnRef(new Date('2026-06-01T00:00:01Z')) > newTxnRef(now)).toBe(true);
  });
});
