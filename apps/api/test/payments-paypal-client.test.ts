import { describe, expect, it } from 'vitest';
import {
  createPaypalClient,
  PaypalApiError,
  PaypalUnreachableError,
} from '../src/domains/payments/paypal/client.ts';

interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

type Answer = (request: Seen, signal: AbortSignal) => Promise<Response> | Response;

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const order = (id: string, status = 'COMPLETED') => ({
  id,
  status,
  purchase_units: [
    {
      reference_id: 'pro_monthly',
      payments: {
        captures: [
          {
            id: `CAP-${id}`,
            status: 'COMPLETED',
            amount: { currency_code: 'USD', value: '19.99' },
          },
        ],
      },
    },
  ],
});

/** A scripted PayPal: every request is recorded; `answers` reply per path (in order). */
function fakePaypal(answers: Record<string, Answer[]>) {
  const seen: Seen[] = [];
  let tokens = 0;
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const entry: Seen = {
      method: request.method,
      path: url.pathname,
      headers,
      body: await request.text(),
    };
    seen.push(entry);
    if (url.pathname === '/v1/oauth2/token') {
      tokens += 1;
      return json(200, { access_token: `token-${tokens}`, token_type: 'Bearer', expires_in: 3600 });
    }
    const queue = answers[`${request.method} ${url.pathname}`];
    const answer = queue?.shift();
    if (!answer) return json(500, { name: 'INTERNAL_SERVER_ERROR' });
    return answer(entry, request.signal);
  }) as typeof globalThis.fetch;
  return { fetch, seen, calls: (path: string) => seen.filter((s) => s.path === path) };
}

/** Never answers; rejects when the client's timeout aborts it (like a dropped connection). */
const hang: Answer = (_request, signal) =>
  new Promise<Response>((_, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

const credentials = { apiBase: 'https://paypal.test/', clientId: 'id', clientSecret: 'secret' };

describe('PayPal client', () => {
  it('gets a token with Basic credentials and reuses it until shortly before it expires', async () => {
    let clock = 1_000_000;
    const paypal = fakePaypal({
      'GET /v2/checkout/orders/A': [() => json(200, order('A'))],
      'GET /v2/checkout/orders/B': [() => json(200, order('B'))],
      'GET /v2/checkout/orders/C': [() => json(200, order('C'))],
    });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch, now: () => clock });

    await client.getOrder('A');
    clock += 3_000_000; // 50 minutes: still fresh (stale 60 s before the hour)
    await client.getOrder('B');
    expect(paypal.calls('/v1/oauth2/token')).toHaveLength(1);
    const [tokenRequest] = paypal.calls('/v1/oauth2/token');
    expect(tokenRequest?.headers['authorization']).toBe(
      `Basic ${Buffer.from('id:secret').toString('base64')}`,
    );
    expect(tokenRequest?.body).toBe('grant_type=client_credentials');

    clock += 560_000; // 59 min 20 s: inside the refresh margin
    await client.getOrder('C');
    expect(paypal.calls('/v1/oauth2/token')).toHaveLength(2);
    expect(paypal.calls('/v2/checkout/orders/C')[0]?.headers['authorization']).toBe(
      'Bearer token-2',
    );
  });

  it('shares one token request between concurrent calls', async () => {
    const paypal = fakePaypal({
      'GET /v2/checkout/orders/A': [() => json(200, order('A'))],
      'GET /v2/checkout/orders/B': [() => json(200, order('B'))],
    });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch });
    await Promise.all([client.getOrder('A'), client.getOrder('B')]);
    expect(paypal.calls('/v1/oauth2/token')).toHaveLength(1);
  });

  it('drops a token PayPal refuses (401) and retries once with a fresh one', async () => {
    const paypal = fakePaypal({
      'GET /v2/checkout/orders/A': [
        () => json(401, { error: 'invalid_token' }),
        (request) =>
          request.headers['authorization'] === 'Bearer token-2'
            ? json(200, order('A'))
            : json(401, { error: 'invalid_token' }),
      ],
    });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch });
    await expect(client.getOrder('A')).resolves.toMatchObject({ id: 'A' });
    expect(paypal.calls('/v1/oauth2/token')).toHaveLength(2);
  });

  it('does not loop on 401: the second refusal is an error', async () => {
    const refuse = () => json(401, { error: 'invalid_token' });
    const paypal = fakePaypal({ 'GET /v2/checkout/orders/A': [refuse, refuse, refuse] });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch });
    await expect(client.getOrder('A')).rejects.toMatchObject({ status: 401 });
    expect(paypal.calls('/v2/checkout/orders/A')).toHaveLength(2);
  });

  it('sends the create body with its PayPal-Request-Id and return=representation', async () => {
    const paypal = fakePaypal({
      'POST /v2/checkout/orders': [
        () => json(200, { id: 'ORDER', status: 'PAYER_ACTION_REQUIRED' }),
      ],
    });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch });
    const body = {
      intent: 'CAPTURE' as const,
      purchase_units: [
        {
          reference_id: 'pro_monthly',
          custom_id: 'pay-1',
          invoice_id: 'AIS-ref',
          description: 'AI Studio Pro',
          amount: { currency_code: 'USD', value: '19.99' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'AI Studio',
            locale: 'en-US',
            shipping_preference: 'NO_SHIPPING' as const,
            user_action: 'PAY_NOW' as const,
            payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED' as const,
            return_url: 'https://app.test/payment/callback',
            cancel_url: 'https://app.test/payment/callback?cancelled=1',
          },
        },
      },
    };
    await expect(client.createOrder(body, 'create:pay-1')).resolves.toMatchObject({ id: 'ORDER' });
    const [sent] = paypal.calls('/v2/checkout/orders');
    expect(sent?.headers['paypal-request-id']).toBe('create:pay-1');
    expect(sent?.headers['prefer']).toBe('return=representation');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent?.body ?? '')).toEqual(body);
  });

  it('retries a capture that timed out once, with the same PayPal-Request-Id', async () => {
    const paypal = fakePaypal({
      'POST /v2/checkout/orders/A/capture': [hang, () => json(201, order('A'))],
    });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch, timeoutMs: 50 });
    await expect(client.captureOrder('A', 'capture:pay-1')).resolves.toMatchObject({
      status: 'COMPLETED',
    });
    const captures = paypal.calls('/v2/checkout/orders/A/capture');
    expect(captures.map((c) => c.headers['paypal-request-id'])).toEqual([
      'capture:pay-1',
      'capture:pay-1',
    ]);
  });

  it('reads the order when the capture fails twice with a 5xx or no answer', async () => {
    const paypal = fakePaypal({
      'POST /v2/checkout/orders/A/capture': [
        () => json(503, { name: 'SERVICE_UNAVAILABLE' }),
        hang,
      ],
      'GET /v2/checkout/orders/A': [() => json(200, order('A'))],
    });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch, timeoutMs: 50 });
    await expect(client.captureOrder('A', 'capture:pay-1')).resolves.toMatchObject({ id: 'A' });
    expect(paypal.calls('/v2/checkout/orders/A/capture')).toHaveLength(2);
    expect(paypal.calls('/v2/checkout/orders/A')).toHaveLength(1);
  });

  it('never retries a business refusal and types it (status, name, issue, debug_id)', async () => {
    const paypal = fakePaypal({
      'POST /v2/checkout/orders/A/capture': [
        () =>
          json(422, {
            name: 'UNPROCESSABLE_ENTITY',
            message: 'The requested action could not be performed.',
            debug_id: 'dbg-1',
            details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }],
          }),
      ],
    });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch });
    const error = await client.captureOrder('A', 'capture:pay-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaypalApiError);
    expect(error).toMatchObject({
      status: 422,
      errorName: 'UNPROCESSABLE_ENTITY',
      issue: 'ORDER_ALREADY_CAPTURED',
      debugId: 'dbg-1',
    });
    expect(paypal.calls('/v2/checkout/orders/A/capture')).toHaveLength(1);
  });

  it('reports a request without an answer as unreachable', async () => {
    const paypal = fakePaypal({ 'GET /v2/checkout/orders/A': [hang] });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch, timeoutMs: 30 });
    await expect(client.getOrder('A')).rejects.toBeInstanceOf(PaypalUnreachableError);
  });

  it('refuses a success body it cannot read instead of guessing', async () => {
    const paypal = fakePaypal({ 'GET /v2/payments/captures/X': [() => json(200, { nope: 1 })] });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch });
    await expect(client.getCapture('X')).rejects.toMatchObject({
      errorName: 'UNEXPECTED_RESPONSE',
    });
  });

  it('refunds in full without a body amount, partially with one', async () => {
    const refunded = () => json(201, { id: 'R1', status: 'COMPLETED' });
    const paypal = fakePaypal({ 'POST /v2/payments/captures/CAP/refund': [refunded, refunded] });
    const client = createPaypalClient({ ...credentials, fetch: paypal.fetch });
    await client.refundCapture('CAP', 'refund:1');
    await client.refundCapture('CAP', 'refund:2', { currency_code: 'USD', value: '5.00' });
    const [full, partial] = paypal.calls('/v2/payments/captures/CAP/refund');
    expect(JSON.parse(full?.body ?? '')).toEqual({});
    expect(JSON.parse(partial?.body ?? '')).toEqual({
      amount: { currency_code: 'USD', value: '5.00' },
    });
    expect(partial?.headers['paypal-request-id']).toBe('refund:2');
  });
});
