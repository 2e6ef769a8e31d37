import { verify, X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createSandboxPaypal, type SandboxPaypalOptions } from '../src/index.ts';
import { createSelfSignedCertificate } from '../src/x509/certificate.ts';

const origin = 'http://127.0.0.1:8080';
const basePath = '/sandbox/paypal';
const api = `${origin}${basePath}`;
const clientId = 'sandbox-client';
const clientSecret = 'sandbox-secret';
const webhookId = 'WH-SANDBOX-1';
const webhookUrl = `${origin}/api/payments/paypal/webhook`;

interface Received {
  headers: Record<string, string>;
  body: string;
}

function setUp(
  extra: Partial<SandboxPaypalOptions> = {},
  answer: (index: number) => number = () => 200,
) {
  const received: Received[] = [];
  let clock = new Date('2025-01-01T00:00:00.000Z');
  const paypal = createSandboxPaypal({
    basePath,
    publicOrigin: origin,
    clientId,
    clientSecret,
    webhookId,
    webhookUrl,
    deliver: async (url, init) => {
      expect(url).toBe(webhookUrl);
      received.push({ headers: init.headers, body: init.body });
      return { status: answer(received.length - 1) };
    },
    webhookRetry: { tries: 3, delayMs: 1 },
    pendingCompletesAfterMs: 20,
    now: () => clock,
    ...extra,
  });
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  return { paypal, received, advance };
}

type Paypal = ReturnType<typeof setUp>['paypal'];
type Fields = Record<string, unknown>;

/** Reads JSON in assertions by path ('details.0.issue') instead of casting it to a shape. */
class JsonView {
  constructor(readonly value: unknown) {}

  at(path: string): unknown {
    let current: unknown = this.value;
    for (const key of path.split('.')) {
      if (current === null || typeof current !== 'object') return undefined;
      current = (current as Fields)[key];
    }
    return current;
  }

  view(path: string): JsonView {
    return new JsonView(this.at(path));
  }

  text(path: string): string {
    const value = this.at(path);
    if (typeof value !== 'string') throw new Error(`${path} is not a string: ${String(value)}`);
    return value;
  }
}

async function tokenFor(paypal: Paypal, secret = clientSecret, grant = 'client_credentials') {
  const response = await paypal.fetch(`${api}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `grant_type=${grant}`,
  });
  return { status: response.status, body: new JsonView(await response.json()) };
}

async function client(paypal: Paypal) {
  const { body } = await tokenFor(paypal);
  const token = body.text('access_token');
  return async (
    method: string,
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ) => {
    const response = await paypal.fetch(`${api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...headers,
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      ...(signal ? { signal } : {}),
    });
    return { status: response.status, body: new JsonView(await response.json()) };
  };
}

function orderBody(overrides: Fields = {}, unit: Fields = {}) {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'pro_monthly',
        custom_id: 'pay_01',
        invoice_id: `AIS-${Math.random().toString(36).slice(2)}`,
        description: 'AI Studio Pro - 1 month',
        amount: { currency_code: 'USD', value: '19.99' },
        ...unit,
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: 'AI Studio',
          locale: 'en-US',
          return_url: `${origin}/payment/callback?provider=paypal&txnRef=pay_01`,
          cancel_url: `${origin}/payment/callback?provider=paypal&txnRef=pay_01&cancelled=1`,
        },
      },
    },
    ...overrides,
  };
}

async function approvedOrder(
  paypal: Paypal,
  scenario: 'approve' | 'pending' | 'declined' | 'slow' = 'approve',
) {
  const call = await client(paypal);
  const created = await call('POST', '/v2/checkout/orders', orderBody());
  expect(created.status).toBe(201);
  const id = String(created.body.at('id'));
  const { redirectUrl } = await paypal.approve(id, scenario);
  return { call, id, redirectUrl };
}

async function certificatePem(paypal: Paypal, url = paypal.certUrl) {
  const response = await paypal.fetch(url);
  expect(response.status).toBe(200);
  return response.text();
}

/** The merchant's offline check (payments.md §2.8), written here on its own. */
function verifiesOffline(message: Received, pem: string, ourWebhookId = webhookId) {
  const signed = `${message.headers['paypal-transmission-id']}|${message.headers['paypal-transmission-time']}|${ourWebhookId}|${crc32(Buffer.from(message.body)) >>> 0}`;
  return verify(
    'sha256',
    Buffer.from(signed),
    new X509Certificate(pem).publicKey,
    Buffer.from(message.headers['paypal-transmission-sig'] ?? '', 'base64'),
  );
}

const eventsOf = (received: Received[]) =>
  received.map((message) => new JsonView(JSON.parse(message.body)));

describe('the self-signed certificate (x509)', () => {
  it('parses with X509Certificate, verifies with its own key, and carries the public key', () => {
    const certificate = createSelfSignedCertificate({
      subject: { commonName: 'sandbox.example', organization: 'Sandbox Org', country: 'US' },
      notBefore: new Date('2025-01-01T00:00:00Z'),
      notAfter: new Date('2035-01-01T00:00:00Z'),
    });
    const parsed = new X509Certificate(certificate.pem);
    expect(parsed.verify(certificate.publicKey)).toBe(true);
    expect(parsed.subject).toBe('C=US\nO=Sandbox Org\nCN=sandbox.example');
    expect(parsed.issuer).toBe(parsed.subject);
    expect(new Date(parsed.validFrom).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(new Date(parsed.validTo).toISOString()).toBe('2035-01-01T00:00:00.000Z');
    expect(parsed.ca).toBe(false);
    expect(parsed.publicKey.export({ type: 'spki', format: 'der' })).toEqual(
      certificate.publicKey.export({ type: 'spki', format: 'der' }),
    );
    const other = createSelfSignedCertificate({
      subject: { commonName: 'other', organization: 'Other', country: 'VN' },
      notBefore: new Date('2025-01-01T00:00:00Z'),
      notAfter: new Date('2026-01-01T00:00:00Z'),
    });
    expect(parsed.verify(other.publicKey)).toBe(false);
  });
});

describe('OAuth token', () => {
  it('issues a Bearer token for the right Basic credentials only', async () => {
    const { paypal } = setUp({ tokenTtlSeconds: 60 });
    const good = await tokenFor(paypal);
    expect(good.status).toBe(200);
    expect(good.body.value).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
    expect(String(good.body.at('access_token')).length).toBeGreaterThan(20);
    const bad = await tokenFor(paypal, 'wrong');
    expect({ status: bad.status, body: bad.body.value }).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
    });
    expect((await tokenFor(paypal, clientSecret, 'password')).status).toBe(400);
  });

  it('refuses calls without a live token: missing, unknown, expired by time or by the knob', async () => {
    const { paypal, advance } = setUp({ tokenTtlSeconds: 60 });
    const bare = await paypal.fetch(`${api}/v2/checkout/orders/X`);
    expect(bare.status).toBe(401);
    const unknown = await paypal.fetch(`${api}/v2/checkout/orders/X`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(new JsonView(await unknown.json()).at('details.0.issue')).toBe('INVALID_TOKEN');
    const call = await client(paypal);
    expect((await call('GET', '/v2/checkout/orders/X')).status).toBe(404);
    advance(61_000);
    const expired = await call('GET', '/v2/checkout/orders/X');
    expect([expired.status, expired.body.at('details.0.issue')]).toEqual([401, 'TOKEN_EXPIRED']);
    const fresh = await client(paypal);
    expect((await fresh('GET', '/v2/checkout/orders/X')).status).toBe(404);
    paypal.expireTokens();
    expect((await fresh('GET', '/v2/checkout/orders/X')).status).toBe(401);
  });
});

describe('create order', () => {
  it('answers PAYER_ACTION_REQUIRED and a payer-action link for experience_context', async () => {
    const { paypal } = setUp();
    const call = await client(paypal);
    const created = await call('POST', '/v2/checkout/orders', orderBody());
    expect(created.status).toBe(201);
    expect(created.body.at('status')).toBe('PAYER_ACTION_REQUIRED');
    expect(created.body.at('id')).toMatch(/^[A-Z0-9]{17}$/);
    expect(created.body.at('links')).toContainEqual({
      href: `${api}/checkoutnow?token=${created.body.text('id')}`,
      rel: 'payer-action',
      method: 'GET',
    });
    expect(created.body.at('purchase_units.0')).toMatchObject({
      reference_id: 'pro_monthly',
      custom_id: 'pay_01',
      amount: { currency_code: 'USD', value: '19.99' },
    });
    const minimal = await call('POST', '/v2/checkout/orders', orderBody(), {
      prefer: 'return=minimal',
    });
    expect(Object.keys(minimal.body.value as object).sort()).toEqual(['id', 'links', 'status']);
  });

  it('answers CREATED and an approve link for the legacy application_context', async () => {
    const { paypal } = setUp();
    const call = await client(paypal);
    const created = await call(
      'POST',
      '/v2/checkout/orders',
      orderBody({
        payment_source: undefined,
        application_context: { return_url: `${origin}/back`, cancel_url: `${origin}/cancel` },
      }),
    );
    expect(created.body.at('status')).toBe('CREATED');
    expect(created.body.at('links')).toContainEqual(expect.objectContaining({ rel: 'approve' }));
  });

  const invalid: [string, Fields, Fields, number, string][] = [
    ['no intent', { intent: undefined }, {}, 400, 'MISSING_REQUIRED_PARAMETER'],
    ['a bad intent', { intent: 'SALE' }, {}, 400, 'INVALID_PARAMETER_VALUE'],
    ['no purchase units', { purchase_units: [] }, {}, 400, 'MISSING_REQUIRED_PARAMETER'],
    [
      'a malformed value',
      {},
      { amount: { currency_code: 'USD', value: '19,99' } },
      400,
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'three decimals',
      {},
      { amount: { currency_code: 'USD', value: '9.999' } },
      422,
      'DECIMAL_PRECISION',
    ],
    [
      'VND',
      {},
      { amount: { currency_code: 'VND', value: '578000' } },
      422,
      'INVALID_CURRENCY_CODE',
    ],
    [
      'an unknown currency',
      {},
      { amount: { currency_code: 'XYZ', value: '1.00' } },
      422,
      'INVALID_CURRENCY_CODE',
    ],
    [
      'a zero amount',
      {},
      { amount: { currency_code: 'USD', value: '0.00' } },
      422,
      'CANNOT_BE_ZERO_OR_NEGATIVE',
    ],
    ['a long custom_id', {}, { custom_id: 'x'.repeat(128) }, 400, 'INVALID_STRING_MAX_LENGTH'],
  ];
  for (const [name, overrides, unit, status, issue] of invalid) {
    it(`refuses ${name}: ${status} ${issue}`, async () => {
      const { paypal } = setUp();
      const call = await client(paypal);
      const answer = await call('POST', '/v2/checkout/orders', orderBody(overrides, unit));
      expect(answer.status).toBe(status);
      expect(answer.body.at('name')).toBe(
        status === 400 ? 'INVALID_REQUEST' : 'UNPROCESSABLE_ENTITY',
      );
      expect(answer.body.at('debug_id')).toMatch(/^[0-9a-f]+$/);
      expect(answer.body.at('details.0.issue')).toBe(issue);
    });
  }

  it('refuses 11 purchase units and malformed JSON', async () => {
    const { paypal } = setUp();
    const call = await client(paypal);
    const units = Array.from({ length: 11 }, (_, index) => ({
      reference_id: `u${index}`,
      amount: { currency_code: 'USD', value: '1.00' },
    }));
    expect(
      (await call('POST', '/v2/checkout/orders', { intent: 'CAPTURE', purchase_units: units }))
        .status,
    ).toBe(400);
    const response = await paypal.fetch(`${api}/v2/checkout/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${String((await tokenFor(paypal)).body.at('access_token'))}`,
      },
      body: '{',
    });
    expect(new JsonView(await response.json()).at('details.0.issue')).toBe(
      'MALFORMED_REQUEST_JSON',
    );
  });

  it('honours PayPal-Request-Id for 6 hours and refuses a reused invoice_id', async () => {
    const { paypal, advance } = setUp({ tokenTtlSeconds: 86_400 });
    const call = await client(paypal);
    const body = orderBody();
    const first = await call('POST', '/v2/checkout/orders', body, {
      'paypal-request-id': 'create:pay_01',
    });
    const again = await call('POST', '/v2/checkout/orders', body, {
      'paypal-request-id': 'create:pay_01',
    });
    expect(again.status).toBe(201);
    expect(again.body.at('id')).toBe(first.body.at('id'));
    const otherKey = await call('POST', '/v2/checkout/orders', body, {
      'paypal-request-id': 'create:pay_02',
    });
    expect(otherKey.body.at('details.0.issue')).toBe('DUPLICATE_INVOICE_ID');
    advance(6 * 60 * 60 * 1000 + 1);
    const late = await call('POST', '/v2/checkout/orders', body, {
      'paypal-request-id': 'create:pay_01',
    });
    expect(late.body.at('details.0.issue')).toBe('DUPLICATE_INVOICE_ID');
  });
});

describe('approve and capture', () => {
  it('refuses a capture before approval, then captures once and replays the same key', async () => {
    const { paypal, received } = setUp();
    const call = await client(paypal);
    const created = await call('POST', '/v2/checkout/orders', orderBody());
    const id = String(created.body.at('id'));
    const early = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    expect([early.status, early.body.at('details.0.issue')]).toEqual([422, 'ORDER_NOT_APPROVED']);

    const { redirectUrl } = await paypal.approve(id, 'approve');
    const back = new URL(redirectUrl ?? '');
    expect(back.searchParams.get('txnRef')).toBe('pay_01');
    expect(back.searchParams.get('token')).toBe(id);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
    expect((await call('GET', `/v2/checkout/orders/${id}`)).body.at('status')).toBe('APPROVED');

    const captured = await call(
      'POST',
      `/v2/checkout/orders/${id}/capture`,
      {},
      { 'paypal-request-id': 'capture:pay_01' },
    );
    expect(captured.status).toBe(201);
    expect(captured.body.at('status')).toBe('COMPLETED');
    const capture = captured.body.view('purchase_units.0.payments.captures.0');
    expect(capture.value).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '19.99' },
      custom_id: 'pay_01',
      final_capture: true,
      supplementary_data: { related_ids: { order_id: id } },
    });
    expect(capture.at('invoice_id')).toMatch(/^AIS-/);
    expect(capture.at('seller_receivable_breakdown.gross_amount.value')).toBe('19.99');
    expect(capture.at('create_time')).toMatch(/Z$/);

    const replay = await call(
      'POST',
      `/v2/checkout/orders/${id}/capture`,
      {},
      { 'paypal-request-id': 'capture:pay_01' },
    );
    expect(replay.status).toBe(201);
    expect(replay.body.at('purchase_units.0.payments.captures.0.id')).toBe(capture.at('id'));
    const double = await call(
      'POST',
      `/v2/checkout/orders/${id}/capture`,
      {},
      { 'paypal-request-id': 'capture:other' },
    );
    expect([double.status, double.body.at('details.0.issue')]).toEqual([
      422,
      'ORDER_ALREADY_CAPTURED',
    ]);
    expect((await call('GET', `/v2/payments/captures/${capture.at('id')}`)).body.at('status')).toBe(
      'COMPLETED',
    );
    expect((await call('GET', '/v2/payments/captures/NOPE')).status).toBe(404);

    await paypal.settled();
    expect(eventsOf(received).map((item) => item.at('event_type'))).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
    ]);
    const completed = eventsOf(received)[1] ?? new JsonView(null);
    expect(completed.value).toMatchObject({
      resource_type: 'capture',
      resource: { id: capture.at('id'), custom_id: 'pay_01' },
    });
    expect(completed.at('id')).toMatch(/^WH-/);
  });

  it('declined: INSTRUMENT_DECLINED with a redirect link, the order needs approval again, no webhook', async () => {
    const { paypal, received } = setUp();
    const { call, id } = await approvedOrder(paypal, 'declined');
    const declined = await call(
      'POST',
      `/v2/checkout/orders/${id}/capture`,
      {},
      { 'paypal-request-id': 'capture:pay_01' },
    );
    expect([declined.status, declined.body.at('details.0.issue')]).toEqual([
      422,
      'INSTRUMENT_DECLINED',
    ]);
    expect(declined.body.at('links')).toContainEqual({
      href: `${api}/checkoutnow?token=${id}`,
      rel: 'redirect',
      method: 'GET',
    });
    expect((await call('GET', `/v2/checkout/orders/${id}`)).body.at('status')).toBe(
      'PAYER_ACTION_REQUIRED',
    );
    await paypal.approve(id, 'approve');
    const retried = await call(
      'POST',
      `/v2/checkout/orders/${id}/capture`,
      {},
      { 'paypal-request-id': 'capture:pay_01' },
    );
    expect(retried.body.at('status')).toBe('COMPLETED');
    await paypal.settled();
    expect(eventsOf(received).map((item) => item.at('event_type'))).not.toContain(
      'PAYMENT.CAPTURE.DECLINED',
    );
  });

  it('pending: capture PENDING/PENDING_REVIEW, then PENDING and COMPLETED webhooks', async () => {
    const { paypal, received } = setUp();
    const { call, id } = await approvedOrder(paypal, 'pending');
    const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    const capture = captured.body.view('purchase_units.0.payments.captures.0');
    expect(capture.at('status')).toBe('PENDING');
    expect(capture.at('status_details')).toEqual({ reason: 'PENDING_REVIEW' });
    await paypal.settled();
    expect(
      eventsOf(received).map((item) => [item.at('event_type'), item.at('resource.status')]),
    ).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 'APPROVED'],
      ['PAYMENT.CAPTURE.PENDING', 'PENDING'],
      ['PAYMENT.CAPTURE.COMPLETED', 'COMPLETED'],
    ]);
    expect((await call('GET', `/v2/payments/captures/${capture.at('id')}`)).body.at('status')).toBe(
      'COMPLETED',
    );
  });

  it('slow: the capture happens but its first answer is late; the same key then replays it', async () => {
    const { paypal } = setUp();
    const { call, id } = await approvedOrder(paypal, 'slow');
    await expect(
      call(
        'POST',
        `/v2/checkout/orders/${id}/capture`,
        {},
        { 'paypal-request-id': 'capture:slow' },
        AbortSignal.timeout(100),
      ),
    ).rejects.toThrow(/abort/i);
    const retried = await call(
      'POST',
      `/v2/checkout/orders/${id}/capture`,
      {},
      { 'paypal-request-id': 'capture:slow' },
    );
    expect([retried.status, retried.body.at('status')]).toEqual([201, 'COMPLETED']);
  });

  it('refuses to capture an AUTHORIZE order', async () => {
    const { paypal } = setUp();
    const call = await client(paypal);
    const id = (
      await call('POST', '/v2/checkout/orders', orderBody({ intent: 'AUTHORIZE' }))
    ).body.text('id');
    await paypal.approve(id, 'approve');
    const refused = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    expect(refused.body.at('details.0.issue')).toBe('ACTION_DOES_NOT_MATCH_INTENT');
  });

  it('cancel: back to cancel_url with the token, the order untouched', async () => {
    const { paypal } = setUp();
    const call = await client(paypal);
    const id = String((await call('POST', '/v2/checkout/orders', orderBody())).body.at('id'));
    const { redirectUrl } = await paypal.approve(id, 'cancel');
    const back = new URL(redirectUrl ?? '');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect(back.searchParams.get('token')).toBe(id);
    expect((await call('GET', `/v2/checkout/orders/${id}`)).body.at('status')).toBe(
      'PAYER_ACTION_REQUIRED',
    );
  });
});

describe('the approval page', () => {
  it('offers the scenarios, posts back, and 302s to the return URL', async () => {
    const { paypal } = setUp();
    const call = await client(paypal);
    const id = String((await call('POST', '/v2/checkout/orders', orderBody())).body.at('id'));
    const page = await paypal.fetch(`${api}/checkoutnow?token=${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${origin}`);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Pay with PayPal</h1>');
    expect(html).toContain('$19.99');
    for (const label of ['Pay', 'Pay — capture pending', 'Card declined', 'Cancel and return']) {
      expect(html).toContain(`>${label}</button>`);
    }
    expect(html).toMatch(/<details>\s*<summary>Advanced<\/summary>[\s\S]*value="slow"/);

    const posted = await paypal.fetch(`${api}/checkoutnow`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: id, scenario: 'approve' }).toString(),
    });
    expect(posted.status).toBe(302);
    expect(new URL(posted.headers.get('location') ?? '').searchParams.get('token')).toBe(id);
    expect((await paypal.fetch(`${api}/checkoutnow?token=NOPE`)).status).toBe(404);
  });

  it('speaks Vietnamese for a vi locale, and is served by the Node handler', async () => {
    const { paypal } = setUp();
    const call = await client(paypal);
    const body = orderBody();
    body.payment_source.paypal.experience_context.locale = 'vi-VN';
    const id = String((await call('POST', '/v2/checkout/orders', body)).body.at('id'));
    const server = createServer((req, res) => paypal.handler(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const port = (server.address() as AddressInfo).port;
      const html = await (
        await fetch(`http://127.0.0.1:${port}${basePath}/checkoutnow?token=${id}`)
      ).text();
      expect(html).toContain('<html lang="vi">');
      expect(html).toContain('Thanh toán bằng PayPal');
      expect(html).toContain('Thẻ bị từ chối');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('webhooks', () => {
  it('are signed over id|time|webhook id|crc32(raw body) with the certificate at PAYPAL-CERT-URL', async () => {
    const { paypal, received } = setUp();
    const { call, id } = await approvedOrder(paypal);
    await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    await paypal.settled();
    expect(paypal.certUrl.startsWith(`${api}/v1/notifications/certs/`)).toBe(true);
    const pem = await certificatePem(paypal);
    const certificate = new X509Certificate(pem);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    for (const message of received) {
      expect(message.headers['paypal-auth-algo']).toBe('SHA256withRSA');
      expect(message.headers['paypal-cert-url']).toBe(paypal.certUrl);
      expect(verifiesOffline(message, pem)).toBe(true);
      expect(verifiesOffline(message, pem, 'WH-SOMEONE-ELSE')).toBe(false);
    }
    expect(
      paypal.webhookLog.map((entry) => [entry.eventType, entry.attempt, entry.status]),
    ).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 1, 200],
      ['PAYMENT.CAPTURE.COMPLETED', 1, 200],
    ]);
  });

  it('are retried on non-2xx answers', async () => {
    const { paypal } = setUp({}, (index) => (index < 2 ? 500 : 200));
    await approvedOrder(paypal);
    await paypal.settled();
    expect(paypal.webhookLog.map((entry) => [entry.attempt, entry.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  async function captured() {
    const setup = setUp();
    const { call, id } = await approvedOrder(setup.paypal);
    await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    await setup.paypal.settled();
    setup.received.length = 0;
    return { ...setup, call, id, pem: await certificatePem(setup.paypal) };
  }

  async function postback(paypal: Paypal, message: Received, ourWebhookId = webhookId) {
    const call = await client(paypal);
    const answer = await call('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: message.headers['paypal-auth-algo'],
      cert_url: message.headers['paypal-cert-url'],
      transmission_id: message.headers['paypal-transmission-id'],
      transmission_sig: message.headers['paypal-transmission-sig'],
      transmission_time: message.headers['paypal-transmission-time'],
      webhook_id: ourWebhookId,
      webhook_event: JSON.parse(message.body),
    });
    expect(answer.status).toBe(200);
    return answer.body.at('verification_status') as string;
  }

  it('knob duplicate: the same event id twice, both verifying', async () => {
    const { paypal, received, id, pem } = await captured();
    await paypal.sendWebhook({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: id,
      knob: 'duplicate',
    });
    const [first, second] = eventsOf(received);
    expect(received).toHaveLength(2);
    expect(second?.at('id')).toBe(first?.at('id'));
    expect(received.every((message) => verifiesOffline(message, pem))).toBe(true);
    expect(await postback(paypal, received[0] as Received)).toBe('SUCCESS');
  });

  it('knob out_of_order: an older event arrives after a newer one', async () => {
    const { paypal, received, id } = await captured();
    await paypal.sendWebhook({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: id,
      knob: 'out_of_order',
    });
    const [newer, older] = eventsOf(received);
    expect([newer?.at('event_type'), older?.at('event_type')]).toEqual([
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.PENDING',
    ]);
    expect(Date.parse(older?.text('create_time') ?? '')).toBeLessThan(
      Date.parse(newer?.text('create_time') ?? ''),
    );
  });

  it('knob bad_signature: fails offline and by postback', async () => {
    const { paypal, received, id, pem } = await captured();
    await paypal.sendWebhook({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: id,
      knob: 'bad_signature',
    });
    const message = received[0] as Received;
    expect(verifiesOffline(message, pem)).toBe(false);
    expect(await postback(paypal, message)).toBe('FAILURE');
  });

  it('knob wrong_webhook_id: signed for another webhook', async () => {
    const { paypal, received, id, pem } = await captured();
    await paypal.sendWebhook({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: id,
      knob: 'wrong_webhook_id',
    });
    const message = received[0] as Received;
    expect(verifiesOffline(message, pem)).toBe(false);
    expect(await postback(paypal, message)).toBe('FAILURE');
  });

  it('knob foreign_cert_host: a valid signature but a cert URL on another host', async () => {
    const { paypal, received, id, pem } = await captured();
    await paypal.sendWebhook({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: id,
      knob: 'foreign_cert_host',
    });
    const message = received[0] as Received;
    expect(new URL(message.headers['paypal-cert-url'] ?? '').host).toBe('evil.example');
    expect(verifiesOffline(message, pem)).toBe(true);
    expect(await postback(paypal, message)).toBe('FAILURE');
  });

  it('knob reserialised_body: same JSON, other bytes, so the raw-body CRC no longer matches', async () => {
    const { paypal, received, id, pem } = await captured();
    await paypal.sendWebhook({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: id,
      knob: 'reserialised_body',
    });
    const message = received[0] as Received;
    expect(message.body).toContain('\n  ');
    expect(verifiesOffline(message, pem)).toBe(false);
    expect(
      verifiesOffline({ ...message, body: JSON.stringify(JSON.parse(message.body)) }, pem),
    ).toBe(true);
    // The postback checks the event PayPal sent, so it is not fooled either way.
    expect(await postback(paypal, message)).toBe('SUCCESS');
  });

  it('sendWebhook refuses unknown orders and capture events before a capture', async () => {
    const { paypal } = setUp();
    await expect(
      paypal.sendWebhook({ eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: 'NOPE' }),
    ).rejects.toThrow(/no order/);
    const call = await client(paypal);
    const id = String((await call('POST', '/v2/checkout/orders', orderBody())).body.at('id'));
    await expect(
      paypal.sendWebhook({ eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: id }),
    ).rejects.toThrow(/no capture/);
  });
});

describe('refunds and reversals', () => {
  it('refunds partially then fully through the API, with REFUNDED webhooks', async () => {
    const { paypal, received } = setUp();
    const { call, id } = await approvedOrder(paypal);
    const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    const captureId = String(captured.body.at('purchase_units.0.payments.captures.0.id'));
    const partial = await call('POST', `/v2/payments/captures/${captureId}/refund`, {
      amount: { currency_code: 'USD', value: '5.00' },
    });
    expect(partial.status).toBe(201);
    expect(partial.body.value).toMatchObject({
      status: 'COMPLETED',
      amount: { value: '5.00' },
      custom_id: 'pay_01',
    });
    expect((await call('GET', `/v2/payments/captures/${captureId}`)).body.at('status')).toBe(
      'PARTIALLY_REFUNDED',
    );
    const tooMuch = await call('POST', `/v2/payments/captures/${captureId}/refund`, {
      amount: { currency_code: 'USD', value: '15.00' },
    });
    expect(tooMuch.body.at('details.0.issue')).toBe('REFUND_AMOUNT_EXCEEDED');
    const rest = await call('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expect(rest.body.at('amount.value')).toBe('14.99');
    expect((await call('GET', `/v2/payments/captures/${captureId}`)).body.at('status')).toBe(
      'REFUNDED',
    );
    expect(
      (await call('GET', `/v2/payments/refunds/${String(rest.body.at('id'))}`)).body.at('id'),
    ).toBe(rest.body.at('id'));
    await paypal.settled();
    const refunds = eventsOf(received).filter(
      (item) => item.at('event_type') === 'PAYMENT.CAPTURE.REFUNDED',
    );
    expect(refunds).toHaveLength(2);
    expect(refunds[0]?.value).toMatchObject({
      resource_type: 'refund',
      resource: { custom_id: 'pay_01' },
    });
    expect(refunds[0]?.at('resource.links')).toContainEqual({
      href: `${api}/v2/payments/captures/${captureId}`,
      rel: 'up',
      method: 'GET',
    });
  });

  it('the dashboard knobs: refund() and reverse() send their webhooks', async () => {
    const { paypal, received } = setUp();
    const { call, id } = await approvedOrder(paypal);
    const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
    const captureId = String(captured.body.at('purchase_units.0.payments.captures.0.id'));
    await paypal.refund(captureId, '1.00');
    await paypal.reverse(captureId);
    await paypal.settled();
    const types = eventsOf(received).map((item) => [
      item.at('event_type'),
      item.at('resource.amount.value'),
    ]);
    expect(types.slice(-2)).toEqual([
      ['PAYMENT.CAPTURE.REFUNDED', '1.00'],
      ['PAYMENT.CAPTURE.REVERSED', '18.99'],
    ]);
    await expect(paypal.reverse(captureId)).rejects.toThrow(/CAPTURE_FULLY_REFUNDED/);
  });
});
