import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSandboxVnpay, type VnpayOutcome } from '../src/index.ts';
import { formatGmt7, parseGmt7 } from '../src/vnpay/dates.ts';
import { formEncode, vnpaySecureHash, vnpaySignData } from '../src/vnpay/signature.ts';
import {
  basePath,
  fakeMerchant,
  fixedNow,
  hashSecret,
  hmac512,
  ipnUrl,
  paymentUrl,
  receivedIpn,
  returnUrl,
  tmnCode,
  verifies,
} from './support/vnpay-merchant.ts';

function emulator(
  deliver = fakeMerchant().deliver,
  extra: Partial<Parameters<typeof createSandboxVnpay>[0]> = {},
) {
  return createSandboxVnpay({
    basePath,
    tmnCode,
    hashSecret,
    ipnUrl,
    deliver,
    ipnRetry: { tries: 3, delayMs: 5 },
    ipnDelayMs: 20,
    now: () => fixedNow,
    ...extra,
  });
}

describe('the signer (payments.md §1.4 golden vectors)', () => {
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

  it('builds the canonical sign data and the expected hashes', () => {
    expect(vnpaySignData(golden)).toBe(
      'vnp_Amount=1000000&vnp_BankCode=NCB&vnp_BankTranNo=VNP14422574&vnp_CardType=ATM&vnp_OrderInfo=Thanh+toan+don+hang+2024-05-21T02%3A17%3A31.249Z&vnp_PayDate=20240521091806&vnp_ResponseCode=00&vnp_TmnCode=TEST_TMN_CODE&vnp_TransactionNo=14422574&vnp_TransactionStatus=00&vnp_TxnRef=1716257871703',
    );
    expect(vnpaySecureHash(golden, 'test_secret')).toBe(
      '649982421beb422556a1374713c74e58e716ecbd05007c0c0e1f7effdfaf361dbf146889ca446139afe11b9954c4d5c486e99e3b86fcfab6957f29eb0be72895',
    );
    expect(vnpaySecureHash({ ...golden, vnp_ResponseCode: '99' }, 'test_secret')).toBe(
      '503194f6d93b57b357b2d1d09742565e67e86d771352c5dca4fc8d39df3d392c6b3809add9405f97cfb9631f445e36c80656cfbf47eac67d97fa165865c13e1b',
    );
  });

  it('ignores the hash fields, empty values and the parameter order', () => {
    const shuffled = Object.fromEntries(Object.entries(golden).reverse());
    expect(
      vnpaySignData({
        ...shuffled,
        vnp_SecureHash: 'x',
        vnp_SecureHashType: 'y',
        vnp_Bill_Email: '',
      }),
    ).toBe(vnpaySignData(golden));
  });

  it("encodes exactly like URLSearchParams (space → +, !'()~ encoded, UTF-8, upper-case hex)", () => {
    for (const value of ["a b!'()~*-._", 'Tiếng Việt đ', 'https://x.example/a?b=c&d=e', '%2B+']) {
      expect(formEncode(value)).toBe(new URLSearchParams({ v: value }).toString().slice(2));
    }
  });

  it('writes GMT+7 timestamps whatever the process time zone', () => {
    const instant = new Date('2024-12-31T17:30:05.000Z');
    for (const zone of ['UTC', 'America/New_York', 'Asia/Ho_Chi_Minh']) {
      process.env.TZ = zone;
      expect(formatGmt7(instant)).toBe('20250101003005');
    }
    delete process.env.TZ;
    expect(parseGmt7('20250101003005')?.toISOString()).toBe(instant.toISOString());
    expect(parseGmt7('20240231100000')).toBeNull();
  });
});

async function openPage(vnpay: ReturnType<typeof emulator>, url: string) {
  const response = await vnpay.fetch(url);
  return { response, html: await response.text() };
}

describe('the payment page', () => {
  it('shows a valid request: amount in ₫, order, merchant, one button per outcome, delivery select', async () => {
    const vnpay = emulator();
    const { response, html } = await openPage(vnpay, paymentUrl());
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:8080");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>VNPay payment</h1>');
    expect(html).toContain('₫578,000');
    expect(html).toContain('Thanh toan AI Studio pro_monthly pay_01');
    expect(html).toContain(tmnCode);
    for (const label of [
      'Pay successfully',
      'Cancel payment',
      'Insufficient funds (51)',
      'Suspicious transaction (07)',
      'Wrong OTP (13)',
      'Bank under maintenance (75)',
      'Payment window expired (11)',
    ]) {
      expect(html).toContain(`>${label}</button>`);
    }
    expect(html).toContain('<label for="delivery">');
    expect(html).toContain('<option value="ipn_first" selected>');
    expect(html).toContain(`action="${basePath}/paymentv2/vpcpay.html"`);
  });

  it('speaks Vietnamese for vnp_Locale=vn', async () => {
    const { html } = await openPage(emulator(), paymentUrl({ vnp_Locale: 'vn' }));
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('Thanh toán VNPay');
    expect(html).toContain('578.000');
    expect(html).toContain('Hủy thanh toán');
  });

  const broken: [string, Record<string, string | null>, string][] = [
    ['missing version', { vnp_Version: null }, 'vnp_Version is required'],
    ['old version', { vnp_Version: '2.0.1' }, 'vnp_Version is invalid'],
    ['wrong command', { vnp_Command: 'querydr' }, 'vnp_Command is invalid'],
    ['short TmnCode', { vnp_TmnCode: 'ABC' }, 'vnp_TmnCode is invalid'],
    ['foreign TmnCode', { vnp_TmnCode: 'OTHER123' }, 'vnp_TmnCode is not a registered terminal'],
    ['amount with separators', { vnp_Amount: '578.000' }, 'vnp_Amount is invalid'],
    ['amount not ending in 00', { vnp_Amount: '57800050' }, 'vnp_Amount is invalid'],
    ['USD', { vnp_CurrCode: 'USD' }, 'vnp_CurrCode is invalid'],
    ['short CreateDate', { vnp_CreateDate: '202501011000' }, 'vnp_CreateDate is invalid'],
    [
      'impossible CreateDate',
      { vnp_CreateDate: '20250230100000' },
      'vnp_CreateDate is not a valid',
    ],
    ['missing ExpireDate', { vnp_ExpireDate: null }, 'vnp_ExpireDate is required'],
    [
      'expired link',
      { vnp_CreateDate: '20250101093000', vnp_ExpireDate: '20250101094500' },
      'expired',
    ],
    ['IP ::1', { vnp_IpAddr: '::1' }, 'vnp_IpAddr is invalid'],
    ['locale fr', { vnp_Locale: 'fr' }, 'vnp_Locale is invalid'],
    ['relative return URL', { vnp_ReturnUrl: '/payment/callback' }, 'vnp_ReturnUrl'],
    ['missing TxnRef', { vnp_TxnRef: null }, 'vnp_TxnRef is required'],
    ['missing OrderInfo', { vnp_OrderInfo: null }, 'vnp_OrderInfo is required'],
    ['bad bank code', { vnp_BankCode: 'X' }, 'vnp_BankCode is invalid'],
  ];
  for (const [name, changes, message] of broken) {
    it(`refuses ${name} on an HTTP 200 error page naming the problem`, async () => {
      const { response, html } = await openPage(emulator(), paymentUrl(changes));
      expect(response.status).toBe(200);
      // English unless the locale itself is the problem (VNPay's default language is Vietnamese).
      expect(html).toContain(
        changes.vnp_Locale ? 'Yêu cầu thanh toán bị từ chối' : 'Payment request refused',
      );
      expect(html).toContain(message);
      expect(html).not.toContain('name="outcome"');
    });
  }

  it('refuses a wrong checksum, a SecureHashType and a repeated parameter', async () => {
    const vnpay = emulator();
    const wrongKey = await openPage(vnpay, paymentUrl({}, { secret: 'another-secret' }));
    expect(wrongKey.html).toContain('Invalid checksum');
    const tampered = await openPage(
      vnpay,
      paymentUrl().replace('vnp_Amount=57800000', 'vnp_Amount=100'),
    );
    expect(tampered.html).toContain('Invalid checksum');
    const hashType = await openPage(
      vnpay,
      paymentUrl({}, { afterSigning: { vnp_SecureHashType: 'HmacSHA512' } }),
    );
    expect(hashType.html).toContain('vnp_SecureHashType must not be sent');
    const repeated = await openPage(vnpay, paymentUrl({}, { afterSigning: { vnp_TxnRef: 'x' } }));
    expect(repeated.html).toContain('vnp_TxnRef is repeated');
  });

  it('posts back, verifies again, and 302s to the return URL with signed result params', async () => {
    const merchant = fakeMerchant();
    const vnpay = emulator(merchant.deliver);
    const url = paymentUrl();
    const form = new URLSearchParams({
      query: new URL(url).search.slice(1),
      outcome: 'success',
      delivery: 'ipn_first',
    });
    const response = await vnpay.fetch(`http://127.0.0.1:4400${basePath}/paymentv2/vpcpay.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:8080/payment/callback');
    // The return URL's own query stays, VNPay's params are appended with '&'.
    expect(location.searchParams.get('provider')).toBe('vnpay');
    location.searchParams.delete('provider');
    expect(verifies(location.searchParams)).toBe(true);
    expect(location.searchParams.get('vnp_ResponseCode')).toBe('00');
    // ipn_first: the IPN was answered before the browser was sent back.
    expect(merchant.calls.map((call) => call.answer)).toEqual(['00']);

    const forged = new URLSearchParams(form);
    forged.set('query', (form.get('query') ?? '').replace('vnp_Amount=57800000', 'vnp_Amount=100'));
    const refused = await vnpay.fetch(`http://127.0.0.1:4400${basePath}/paymentv2/vpcpay.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: forged.toString(),
    });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('Invalid checksum');
  });

  it('serves the same exchange to Node’s HTTP server', async () => {
    const vnpay = emulator();
    const server = createServer((req, res) => vnpay.handler(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const port = (server.address() as AddressInfo).port;
      const url = paymentUrl().replace('http://127.0.0.1:4400', `http://127.0.0.1:${port}`);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Pay successfully');
      const missing = await fetch(`http://127.0.0.1:${port}${basePath}/nowhere`);
      expect(missing.status).toBe(200);
      expect(await missing.text()).toContain('Not found');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('outcomes', () => {
  const expected: Record<VnpayOutcome, [string, string]> = {
    success: ['00', '00'],
    cancel: ['24', '02'],
    insufficient: ['51', '02'],
    expired: ['11', '02'],
    suspicious: ['07', '07'],
    otp_wrong: ['13', '02'],
    bank_maintenance: ['75', '02'],
  };
  for (const [outcome, [responseCode, status]] of Object.entries(expected)) {
    it(`${outcome}: ${responseCode}/${status} in the return and the IPN`, async () => {
      const merchant = fakeMerchant();
      const vnpay = emulator(merchant.deliver);
      const { returnUrl: back, ipnDone } = await vnpay.pay(paymentUrl(), outcome as VnpayOutcome);
      await ipnDone;
      const query = new URL(back).searchParams;
      query.delete('provider');
      expect(verifies(query)).toBe(true);
      expect(query.get('vnp_ResponseCode')).toBe(responseCode);
      expect(query.get('vnp_TransactionStatus')).toBe(status);
      expect(query.get('vnp_Amount')).toBe('57800000');
      expect(query.get('vnp_TxnRef')).toBe('pay01');
      expect(query.get('vnp_TmnCode')).toBe(tmnCode);
      expect(query.get('vnp_BankCode')).toBe('NCB');
      expect(query.get('vnp_CardType')).toBe('ATM');
      expect(query.get('vnp_PayDate')).toBe('20250101100000');
      if (outcome === 'cancel') {
        expect(query.get('vnp_TransactionNo')).toBe('0');
        expect(query.has('vnp_BankTranNo')).toBe(false);
      } else {
        expect(query.get('vnp_TransactionNo')).toMatch(/^[1-9]\d{7}$/);
      }
      const ipn = receivedIpn(merchant.calls);
      expect(ipn.get('vnp_ResponseCode')).toBe(responseCode);
      expect(ipn.get('vnp_SecureHash')).toBe(query.get('vnp_SecureHash'));
    });
  }

  it('refuses to pay the same TxnRef twice', async () => {
    const vnpay = emulator();
    await vnpay.pay(paymentUrl(), 'success');
    await expect(vnpay.pay(paymentUrl(), 'success')).rejects.toThrow(/already been processed/);
    await expect(vnpay.pay(paymentUrl({ vnp_CurrCode: 'USD' }), 'success')).rejects.toThrow(
      /vnp_CurrCode is invalid/,
    );
  });
});

describe('IPN delivery', () => {
  it('ipn_first: answered before pay() resolves', async () => {
    const merchant = fakeMerchant();
    const vnpay = emulator(merchant.deliver);
    await vnpay.pay(paymentUrl(), 'success', 'ipn_first');
    expect(merchant.calls).toHaveLength(1);
    expect(vnpay.ipnLog).toEqual([
      { txnRef: 'pay01', attempt: 1, status: 200, rspCode: '00', at: fixedNow.toISOString() },
    ]);
    const sent = new URL(`${ipnUrl}?${receivedIpn(merchant.calls).toString()}`);
    expect(sent.pathname).toBe('/api/payments/vnpay/ipn');
  });

  it('return_first and ipn_delayed: the return comes first, the IPN later', async () => {
    for (const delivery of ['return_first', 'ipn_delayed'] as const) {
      const merchant = fakeMerchant();
      const vnpay = emulator(merchant.deliver);
      const { ipnDone } = await vnpay.pay(paymentUrl(), 'success', delivery);
      expect(merchant.calls).toHaveLength(0);
      await ipnDone;
      expect(merchant.calls.map((call) => call.answer)).toEqual(['00']);
    }
  });

  it('concurrent: the IPN is under way when pay() resolves', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const merchant = fakeMerchant();
    let started = 0;
    const vnpay = emulator(async (url) => {
      started += 1;
      await gate;
      return merchant.deliver(url);
    });
    const { ipnDone } = await vnpay.pay(paymentUrl(), 'success', 'concurrent');
    expect(started).toBe(1);
    expect(vnpay.ipnLog).toHaveLength(0);
    release();
    await ipnDone;
    expect(vnpay.ipnLog.map((entry) => entry.rspCode)).toEqual(['00']);
  });

  it('ipn_duplicate: the same IPN three times, answered 00, 02, 02', async () => {
    const merchant = fakeMerchant();
    const vnpay = emulator(merchant.deliver);
    const { ipnDone } = await vnpay.pay(paymentUrl(), 'success', 'ipn_duplicate');
    await ipnDone;
    expect(vnpay.ipnLog.map((entry) => [entry.attempt, entry.rspCode])).toEqual([
      [1, '00'],
      [2, '02'],
      [3, '02'],
    ]);
    const [first, second, third] = merchant.calls.map((call) => call.query.toString());
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('ipn_never: only the return', async () => {
    const merchant = fakeMerchant();
    const vnpay = emulator(merchant.deliver);
    const { ipnDone } = await vnpay.pay(paymentUrl(), 'success', 'ipn_never');
    await ipnDone;
    expect(merchant.calls).toHaveLength(0);
    expect(vnpay.ipnLog).toHaveLength(0);
  });

  it('ipn_tampered_amount: validly re-signed with amount + 100, answered 04 and retried', async () => {
    const merchant = fakeMerchant();
    const vnpay = emulator(merchant.deliver);
    const { returnUrl: back, ipnDone } = await vnpay.pay(
      paymentUrl(),
      'success',
      'ipn_tampered_amount',
    );
    await ipnDone;
    expect(vnpay.ipnLog.map((entry) => entry.rspCode)).toEqual(['04', '04', '04']);
    expect(receivedIpn(merchant.calls).get('vnp_Amount')).toBe('57800100');
    expect(verifies(receivedIpn(merchant.calls))).toBe(true);
    expect(new URL(back).searchParams.get('vnp_Amount')).toBe('57800000');
  });

  it('ipn_bad_signature: answered 97 on every try', async () => {
    const merchant = fakeMerchant();
    const vnpay = emulator(merchant.deliver);
    const { ipnDone } = await vnpay.pay(paymentUrl(), 'success', 'ipn_bad_signature');
    await ipnDone;
    expect(vnpay.ipnLog.map((entry) => entry.rspCode)).toEqual(['97', '97', '97']);
  });

  it('retries 99, non-200 answers and network failures until 00', async () => {
    const merchant = fakeMerchant('57800000', 1);
    let calls = 0;
    const vnpay = emulator(
      async (url) => {
        calls += 1;
        if (calls === 1) throw new Error('connection refused');
        if (calls === 2) return { status: 500, body: 'oops' };
        return merchant.deliver(url);
      },
      { ipnRetry: { tries: 5, delayMs: 1 } },
    );
    const { ipnDone } = await vnpay.pay(paymentUrl(), 'success');
    await ipnDone;
    expect(vnpay.ipnLog.map((entry) => [entry.status, entry.rspCode])).toEqual([
      [null, null],
      [500, null],
      [200, '99'],
      [200, '00'],
    ]);
  });
});

const apiUrl = `http://127.0.0.1:4400${basePath}/merchant_webapi/api/transaction`;
const querydrOrder = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_TransactionDate',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
];
const querydrResponseOrder = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
  'vnp_PromotionCode',
  'vnp_PromotionAmount',
];
const refundOrder = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TransactionType',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_TransactionNo',
  'vnp_TransactionDate',
  'vnp_CreateBy',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
];
const refundResponseOrder = querydrResponseOrder.slice(0, 13);

let requestCounter = 0;
const pipe = (body: Record<string, string>, order: string[]) =>
  hmac512(order.map((name) => body[name] ?? '').join('|'));

async function callApi(
  vnpay: ReturnType<typeof emulator>,
  fields: Record<string, string>,
  order: string[],
) {
  const body = { ...fields, vnp_SecureHash: pipe(fields, order) };
  const response = await vnpay.fetch(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string>;
}

function querydrFields(txnRef: string, extra: Record<string, string> = {}) {
  requestCounter += 1;
  return {
    vnp_RequestId: `req${requestCounter}`,
    vnp_Version: '2.1.0',
    vnp_Command: 'querydr',
    vnp_TmnCode: tmnCode,
    vnp_TxnRef: txnRef,
    vnp_TransactionDate: '20250101100000',
    vnp_CreateDate: '20250101100500',
    vnp_IpAddr: '127.0.0.1',
    vnp_OrderInfo: `Query ${txnRef}`,
    ...extra,
  };
}

function refundFields(txnRef: string, type: '02' | '03', amount: string) {
  requestCounter += 1;
  return {
    vnp_RequestId: `ref${requestCounter}`,
    vnp_Version: '2.1.0',
    vnp_Command: 'refund',
    vnp_TmnCode: tmnCode,
    vnp_TransactionType: type,
    vnp_TxnRef: txnRef,
    vnp_Amount: amount,
    vnp_TransactionNo: '',
    vnp_TransactionDate: '20250101100000',
    vnp_CreateBy: 'support',
    vnp_CreateDate: '20250101110000',
    vnp_IpAddr: '127.0.0.1',
    vnp_OrderInfo: `Refund ${txnRef}`,
  };
}

describe('querydr and refund', () => {
  it('signs answers over the pipe-joined response fields', async () => {
    const vnpay = emulator();
    const { returnUrl: back } = await vnpay.pay(paymentUrl(), 'success');
    const answer = await callApi(vnpay, querydrFields('pay01'), querydrOrder);
    expect(answer).toMatchObject({
      vnp_Command: 'querydr',
      vnp_ResponseCode: '00',
      vnp_TmnCode: tmnCode,
      vnp_TxnRef: 'pay01',
      vnp_Amount: '57800000',
      vnp_BankCode: 'NCB',
      vnp_PayDate: '20250101100000',
      vnp_TransactionNo: new URL(back).searchParams.get('vnp_TransactionNo'),
      vnp_TransactionType: '01',
      vnp_TransactionStatus: '00',
    });
    expect(answer.vnp_SecureHash).toBe(pipe(answer, querydrResponseOrder));
  });

  it('91 for an unknown TxnRef, 01 "not completed" once the page was opened, outcome codes after', async () => {
    const vnpay = emulator();
    expect((await callApi(vnpay, querydrFields('pay01'), querydrOrder)).vnp_ResponseCode).toBe(
      '91',
    );
    await openPage(vnpay, paymentUrl());
    const opened = await callApi(vnpay, querydrFields('pay01'), querydrOrder);
    expect([opened.vnp_ResponseCode, opened.vnp_TransactionStatus]).toEqual(['00', '01']);
    await vnpay.pay(paymentUrl(), 'cancel', 'ipn_never');
    const cancelled = await callApi(vnpay, querydrFields('pay01'), querydrOrder);
    expect([cancelled.vnp_TransactionStatus, cancelled.vnp_TransactionNo]).toEqual(['02', '0']);
  });

  it('97 bad checksum, 02 foreign terminal, 03 bad format, 94 a request id reused the same day', async () => {
    const vnpay = emulator();
    await vnpay.pay(paymentUrl(), 'success');
    const fields = querydrFields('pay01');
    const badHash = await vnpay.fetch(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, vnp_SecureHash: hmac512('wrong') }),
    });
    expect(((await badHash.json()) as Record<string, string>).vnp_ResponseCode).toBe('97');
    const foreign = await callApi(
      vnpay,
      querydrFields('pay01', { vnp_TmnCode: 'OTHER123' }),
      querydrOrder,
    );
    expect(foreign.vnp_ResponseCode).toBe('02');
    const badDate = await callApi(
      vnpay,
      querydrFields('pay01', { vnp_CreateDate: '2025' }),
      querydrOrder,
    );
    expect(badDate.vnp_ResponseCode).toBe('03');
    const notJson = await vnpay.fetch(apiUrl, { method: 'POST', body: 'x' });
    expect(((await notJson.json()) as Record<string, string>).vnp_ResponseCode).toBe('03');
    expect((await callApi(vnpay, fields, querydrOrder)).vnp_ResponseCode).toBe('00');
    expect((await callApi(vnpay, fields, querydrOrder)).vnp_ResponseCode).toBe('94');
  });

  it('refunds a paid transaction once (full 02 / partial 03), then querydr shows the refund', async () => {
    const vnpay = emulator();
    await vnpay.pay(paymentUrl(), 'success');
    expect(
      (await callApi(vnpay, refundFields('pay01', '02', '100'), refundOrder)).vnp_ResponseCode,
    ).toBe('03');
    const refund = await callApi(vnpay, refundFields('pay01', '03', '1000000'), refundOrder);
    expect(refund).toMatchObject({
      vnp_ResponseCode: '00',
      vnp_Amount: '1000000',
      vnp_TransactionType: '03',
    });
    expect(refund.vnp_SecureHash).toBe(pipe(refund, refundResponseOrder));
    expect(
      (await callApi(vnpay, refundFields('pay01', '02', '57800000'), refundOrder)).vnp_ResponseCode,
    ).toBe('94');
    const after = await callApi(vnpay, querydrFields('pay01'), querydrOrder);
    expect(after.vnp_TransactionType).toBe('03');

    const other = emulator();
    await other.pay(paymentUrl(), 'success');
    const full = await callApi(other, refundFields('pay01', '02', '57800000'), refundOrder);
    expect(full.vnp_ResponseCode).toBe('00');
    expect((await callApi(other, querydrFields('pay01'), querydrOrder)).vnp_TransactionType).toBe(
      '02',
    );
  });

  it('95 for a transaction that did not succeed, 91 for an unknown one, 97 for a bad checksum', async () => {
    const vnpay = emulator();
    await vnpay.pay(paymentUrl(), 'insufficient');
    expect(
      (await callApi(vnpay, refundFields('pay01', '02', '57800000'), refundOrder)).vnp_ResponseCode,
    ).toBe('95');
    expect(
      (await callApi(vnpay, refundFields('nope', '02', '57800000'), refundOrder)).vnp_ResponseCode,
    ).toBe('91');
    const wrongOrder = await callApi(vnpay, refundFields('pay01', '02', '57800000'), querydrOrder);
    expect(wrongOrder.vnp_ResponseCode).toBe('97');
  });
});

describe('options', () => {
  it('refuses a terminal code VNPay would not issue', () => {
    expect(() => emulator(undefined, { tmnCode: 'TEST_TMN_CODE' })).toThrow(/Alphanumeric\[8\]/);
  });

  it('uses the real return URL shape without a query of its own', async () => {
    const vnpay = emulator();
    const { returnUrl: back } = await vnpay.pay(
      paymentUrl({ vnp_ReturnUrl: 'https://shop.example/return' }),
      'success',
      'ipn_never',
    );
    expect(back.startsWith('https://shop.example/return?vnp_Amount=57800000&')).toBe(true);
    expect(returnUrl).toContain('?');
  });
});
