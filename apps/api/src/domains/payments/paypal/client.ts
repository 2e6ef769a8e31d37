import type { z } from 'zod';
import {
  type PaypalCapture,
  type PaypalLink,
  type PaypalMoney,
  type PaypalOrder,
  type PaypalRefund,
  paypalCapture,
  paypalErrorBody,
  paypalOrder,
  paypalRefund,
  paypalToken,
  paypalWebhookVerification,
} from './schemas.ts';

export type FetchFunction = typeof globalThis.fetch;

/** The create-order body this app sends (payments.md §2.3); PayPal's schema allows more. */
export interface PaypalOrderRequest {
  intent: 'CAPTURE';
  purchase_units: Array<{
    reference_id: string;
    custom_id: string;
    invoice_id: string;
    description: string;
    amount: PaypalMoney;
  }>;
  payment_source: {
    paypal: {
      experience_context: {
        brand_name: string;
        locale: string;
        shipping_preference: 'NO_SHIPPING';
        user_action: 'PAY_NOW';
        payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED';
        return_url: string;
        cancel_url: string;
      };
    };
  };
}

/** The headers and body PayPal's postback verification takes (payments.md §2.8 option 1). */
export interface WebhookSignatureCheck {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

/** PayPal answered with an error status: `issue` is details[0].issue (ORDER_NOT_APPROVED...). */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND, invalid_client...). */
    readonly errorName: string | undefined,
    readonly issue: string | undefined,
    readonly debugId: string | undefined,
    message: string,
    /** HATEOAS links of the error (INSTRUMENT_DECLINED carries where to send the payer). */
    readonly links: readonly PaypalLink[] = [],
  ) {
    super(message);
    this.name = 'PaypalApiError';
  }
}

/** No answer: the request timed out or the connection failed (the outcome is unknown). */
export class PaypalUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaypalUnreachableError';
  }
}

export interface PaypalClientOptions {
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or the emulator's base. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The emulator's in-process fetch in sandbox mode; the global fetch otherwise. */
  fetch?: FetchFunction;
  /** Epoch milliseconds; decides when the cached token is stale. */
  now?: () => number;
  /** Per request, ~20 s: a capture can be slow, but a payer is waiting on the other end. */
  timeoutMs?: number;
}

export type PaypalClient = ReturnType<typeof createPaypalClient>;

const defaultTimeoutMs = 20_000;
/** Refresh this long before PayPal says the token expires (at most a tenth of its life). */
const tokenRefreshMarginMs = 60_000;

interface CachedToken {
  value: string;
  staleAt: number;
}

interface CallOptions<T> {
  method: 'GET' | 'POST';
  path: string;
  schema: z.ZodType<T>;
  body?: unknown;
  requestId?: string;
}

/** Whether trying the same request again (same PayPal-Request-Id) may help. */
function isRetryable(error: unknown): boolean {
  return (
    error instanceof PaypalUnreachableError ||
    (error instanceof PaypalApiError && error.status >= 500)
  );
}

async function errorFrom(response: Response, what: string): Promise<PaypalApiError> {
  const text = await response.text().catch(() => '');
  let parsed: z.infer<typeof paypalErrorBody> = {};
  try {
    parsed = paypalErrorBody.parse(JSON.parse(text));
  } catch {
    // Not PayPal's JSON (a proxy's HTML page): the status says enough.
  }
  const issue = parsed.details?.[0]?.issue;
  const errorName = parsed.name ?? parsed.error;
  return new PaypalApiError(
    response.status,
    errorName,
    issue,
    parsed.debug_id,
    `PayPal ${what} failed with ${response.status}${errorName ? ` ${errorName}` : ''}${
      issue ? ` (${issue})` : ''
    }${parsed.debug_id ? ` debug_id=${parsed.debug_id}` : ''}`,
    parsed.links ?? [],
  );
}

/**
 * A small typed client for PayPal's REST API (payments.md §2): OAuth2 client credentials with a
 * cached token, Orders v2 and Payments v2. Every call has a timeout; a 401 drops the cached token
 * and tries once more with a fresh one (PayPal may revoke a token before it expires).
 */
export function createPaypalClient(options: PaypalClientOptions) {
  const apiBase = options.apiBase.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  let cached: CachedToken | undefined;
  let inFlight: Promise<CachedToken> | undefined;

  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PaypalUnreachableError(`PayPal ${what}: no answer (${String(error)})`, {
        cause: error,
      });
    }
  }

  async function fetchToken(): Promise<CachedToken> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await send(
      `${apiBase}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      'token request',
    );
    if (!response.ok) throw await errorFrom(response, 'token request');
    const token = paypalToken.parse(await response.json());
    const lifeMs = token.expires_in * 1000;
    return {
      value: token.access_token,
      staleAt: now() + lifeMs - Math.min(tokenRefreshMarginMs, lifeMs / 10),
    };
  }

  async function accessToken(): Promise<string> {
    if (cached && now() < cached.staleAt) return cached.value;
    // Concurrent callers share one token request.
    inFlight ??= fetchToken().finally(() => {
      inFlight = undefined;
    });
    cached = await inFlight;
    return cached.value;
  }

  async function call<T>({ method, path, schema, body, requestId }: CallOptions<T>): Promise<T> {
    const what = `${method} ${path}`;
    const attempt = async (token: string) =>
      send(
        `${apiBase}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            prefer: 'return=representation',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(requestId === undefined ? {} : { 'paypal-request-id': requestId }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        what,
      );

    const token = await accessToken();
    let response = await attempt(token);
    if (response.status === 401) {
      await response.body?.cancel();
      if (cached?.value === token) cached = undefined;
      response = await attempt(await accessToken());
    }
    if (!response.ok) throw await errorFrom(response, what);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new PaypalApiError(
        response.status,
        'UNEXPECTED_RESPONSE',
        undefined,
        undefined,
        `PayPal ${what} answered a body this client cannot read`,
      );
    }
    return parsed.data;
  }

  const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;

  return {
    createOrder(body: PaypalOrderRequest, requestId: string): Promise<PaypalOrder> {
      return call({
        method: 'POST',
        path: '/v2/checkout/orders',
        schema: paypalOrder,
        body,
        requestId,
      });
    },

    getOrder(id: string): Promise<PaypalOrder> {
      return call({ method: 'GET', path: orderPath(id), schema: paypalOrder });
    },

    /**
     * Captures an approved order. A timeout or 5xx leaves the outcome unknown, so the same
     * request (same PayPal-Request-Id: PayPal replays the first result instead of charging
     * twice) is sent once more; if that also goes unanswered, the order itself says what happened.
     */
    async captureOrder(id: string, requestId: string): Promise<PaypalOrder> {
      const capture = () =>
        call({
          method: 'POST',
          path: `${orderPath(id)}/capture`,
          schema: paypalOrder,
          body: {},
          requestId,
        });
      try {
        return await capture();
      } catch (first) {
        if (!isRetryable(first)) throw first;
      }
      try {
        return await capture();
      } catch (second) {
        if (!isRetryable(second)) throw second;
        return await call({ method: 'GET', path: orderPath(id), schema: paypalOrder });
      }
    },

    getCapture(id: string): Promise<PaypalCapture> {
      return call({
        method: 'GET',
        path: `/v2/payments/captures/${encodeURIComponent(id)}`,
        schema: paypalCapture,
      });
    },

    /** A full refund without `amount`; a partial one with it (same currency). */
    refundCapture(id: string, requestId: string, amount?: PaypalMoney): Promise<PaypalRefund> {
      return call({
        method: 'POST',
        path: `/v2/payments/captures/${encodeURIComponent(id)}/refund`,
        schema: paypalRefund,
        body: amount ? { amount } : {},
        requestId,
      });
    },

    /** PayPal's postback check (an API call per event); the app verifies offline instead. */
    async verifyWebhookSignature(check: WebhookSignatureCheck): Promise<boolean> {
      const answer = await call({
        method: 'POST',
        path: '/v1/notifications/verify-webhook-signature',
        schema: paypalWebhookVerification,
        body: check,
      });
      return answer.verification_status === 'SUCCESS';
    },
  };
}
