import { generateKeyPairSync, type KeyPairKeyObjectResult, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  htmlPage,
  inProcessFetchFor,
  parseJsonBody,
  jsonResponse,
  nodeHandlerFor,
  redirectResponse,
  type SandboxRequest,
  type SandboxResponse,
  textResponse,
} from '../exchange.ts';
import { createSelfSignedCertificate } from '../x509/certificate.ts';
import { createTokenIssuer } from './auth.ts';
import {
  invalidRequest,
  malformedJson,
  paypalError,
  resourceNotFound,
  unprocessable,
} from './errors.ts';
import { checkOrderRequest, type Money } from './order-request.ts';
import {
  approvalUrl,
  type Capture,
  captureResource,
  minimalOrderResource,
  newOrder,
  type Order,
  orderResource,
  type PaypalApprovalScenario,
  paypalApprovalScenarios,
  paypalId,
  paypalTime,
  type Urls,
} from './orders.ts';
import { createEventFactory } from './events.ts';
import { approvalPage, messagePage } from './pages.ts';
import { answerSignaturePostback } from './postback.ts';
import { applyRefund, type Refund, refundResource } from './refunds.ts';
import {
  createWebhookSender,
  fetchWebhookDeliver,
  type TransmissionTampering,
  type WebhookAttempt,
  type WebhookDeliver,
} from './webhooks.ts';

export type { PaypalApprovalScenario } from './orders.ts';

export interface SandboxPaypalOptions {
  /** '/sandbox/paypal': the REST API lives under it, so the API base is origin + basePath. */
  basePath: string;
  /** The browser-facing origin, e.g. http://127.0.0.1:8080 (approval links, the cert URL). */
  publicOrigin: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where signed webhooks are POSTed. */
  webhookUrl: string;
  deliver?: WebhookDeliver;
  /** Default { tries: 5, delayMs: 1000 }. */
  webhookRetry?: { tries: number; delayMs: number };
  /** 'pending': the COMPLETED webhook follows after this (default 3000). */
  pendingCompletesAfterMs?: number;
  /** Default 32400 (PayPal's 9 hours). */
  tokenTtlSeconds?: number;
  now?: () => Date;
}

export type PaypalWebhookKnob =
  | 'duplicate'
  | 'out_of_order'
  | 'bad_signature'
  | 'wrong_webhook_id'
  | 'foreign_cert_host'
  | 'reserialised_body';

export interface SandboxPaypal {
  handler(req: IncomingMessage, res: ServerResponse): void;
  /** The REST API in this process, no socket. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** `${publicOrigin}${basePath}/v1/notifications/certs/<random id>`. */
  readonly certUrl: string;
  readonly webhookLog: readonly WebhookAttempt[];
  /** What the approval page's buttons do: returns the URL the browser is sent to. */
  approve(
    orderId: string,
    scenario: PaypalApprovalScenario,
  ): Promise<{ redirectUrl: string | null }>;
  /** Test knobs: send an event for an order's capture with tampering options. */
  sendWebhook(input: {
    eventType: string;
    orderId: string;
    knob?: PaypalWebhookKnob;
  }): Promise<void>;
  /** As if refunded in the PayPal dashboard: a PAYMENT.CAPTURE.REFUNDED webhook follows. */
  refund(captureId: string, amount?: string): Promise<void>;
  /** A PAYMENT.CAPTURE.REVERSED webhook (a chargeback). */
  reverse(captureId: string): Promise<void>;
  /** Test knob: every access token issued so far expires now (clients must refresh on 401). */
  expireTokens(): void;
  /** Settles once every webhook started so far (scheduled ones included) has been delivered. */
  settled(): Promise<void>;
}

let processSigningKeys: KeyPairKeyObjectResult | undefined;

/**
 * One RSA key pair per process (a test run), made on first use: an RSA-2048 key costs about
 * 300 ms of CPU, and every API test app builds an emulator. Each emulator still has its own
 * certificate and certificate URL.
 */
function signingKeys(): KeyPairKeyObjectResult {
  processSigningKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return processSigningKeys;
}

/** PayPal keeps PayPal-Request-Id keys for 6 hours (§2.7). */
const idempotencyWindowMs = 6 * 60 * 60 * 1000;
/**
 * An order the payer has not approved within 3 hours of its creation is gone, as at PayPal
 * (payments.md §2.4: the order's links are valid 3 h by default): its page says it has expired
 * and the REST API answers 404 RESOURCE_NOT_FOUND.
 */
const approvalWindowMs = 3 * 60 * 60 * 1000;
/** 'slow': the first capture answer is held this long, past any sensible client timeout. */
const slowCaptureDelayMs = 30_000;
const foreignCertOrigin = 'https://evil.example';
const otherWebhookId = 'WH-SANDBOX-NOT-YOUR-WEBHOOK';

interface StoredReplay {
  expiresAt: number;
  replay: () => SandboxResponse;
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

function prefersRepresentation(request: SandboxRequest): boolean {
  return /return=representation/i.test(request.headers.prefer ?? '');
}

export function createSandboxPaypal(options: SandboxPaypalOptions): SandboxPaypal {
  const basePath = options.basePath.replace(/\/+$/, '');
  const publicOrigin = new URL(options.publicOrigin).origin;
  const now = options.now ?? (() => new Date());
  const urls: Urls = {
    api: `${publicOrigin}${basePath}`,
    checkout: `${publicOrigin}${basePath}/checkoutnow`,
  };
  const certId = `CERT-360caa42-${randomBytes(8).toString('hex')}`;
  const certPath = `/v1/notifications/certs/${certId}`;
  const certUrl = `${urls.api}${certPath}`;
  const started = now();
  const certificate = createSelfSignedCertificate({
    keys: signingKeys(),
    subject: {
      commonName: 'messageverificationcerts.sandbox.paypal.example',
      organization: 'PayPal Sandbox Emulator',
      country: 'US',
    },
    notBefore: new Date(started.getTime() - 24 * 60 * 60 * 1000),
    notAfter: new Date(started.getTime() + 365 * 24 * 60 * 60 * 1000),
  });
  const tokens = createTokenIssuer({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    ttlSeconds: options.tokenTtlSeconds ?? 32_400,
    appId: 'APP-80W284485P519543T',
    now,
  });
  const webhooks = createWebhookSender({
    url: options.webhookUrl,
    webhookId: options.webhookId,
    certUrl,
    privateKey: certificate.privateKey,
    deliver: options.deliver ?? fetchWebhookDeliver,
    retry: options.webhookRetry ?? { tries: 5, delayMs: 1000 },
    now,
  });
  const pendingCompletesAfterMs = options.pendingCompletesAfterMs ?? 3000;

  const orders = new Map<string, Order>();

  /** The order, unless it waited past the approval window unapproved (then it is forgotten). */
  function liveOrder(orderId: string): Order | undefined {
    const order = orders.get(orderId);
    if (!order) return undefined;
    const unapproved = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
    if (unapproved && now().getTime() - Date.parse(order.createTime) >= approvalWindowMs) {
      orders.delete(orderId);
      return undefined;
    }
    return order;
  }
  const captures = new Map<string, Order>();
  const refunds = new Map<string, Refund>();
  const invoiceIds = new Set<string>();
  const replays = new Map<string, StoredReplay>();
  const scheduled = new Set<Promise<void>>();
  const events = createEventFactory(urls, now);

  // ---- webhooks -------------------------------------------------------------------------

  function later(delayMs: number, work: () => Promise<void>) {
    const task = sleep(delayMs, undefined, { ref: false }).then(work);
    scheduled.add(task);
    const forget = () => {
      scheduled.delete(task);
    };
    task.then(forget, forget);
  }

  // ---- idempotency ---------------------------------------------------------------------

  function replayOf(request: SandboxRequest, scope: string): SandboxResponse | null {
    const key = request.headers['paypal-request-id'];
    if (!key) return null;
    const stored = replays.get(`${scope}|${key}`);
    if (!stored || stored.expiresAt <= now().getTime()) return null;
    return stored.replay();
  }

  /** Only successes are kept: a declined capture retried with the same key is tried again. */
  function remember(request: SandboxRequest, scope: string, replay: () => SandboxResponse) {
    const key = request.headers['paypal-request-id'];
    if (!key) return;
    replays.set(`${scope}|${key}`, { expiresAt: now().getTime() + idempotencyWindowMs, replay });
  }

  // ---- orders --------------------------------------------------------------------------

  function orderBody(request: SandboxRequest, order: Order) {
    return prefersRepresentation(request)
      ? orderResource(urls, order)
      : minimalOrderResource(urls, order);
  }

  function createOrder(request: SandboxRequest): SandboxResponse {
    const replay = replayOf(request, 'create-order');
    if (replay) return replay;
    const draft = checkOrderRequest(request.body);
    if ('status' in draft) return draft;
    for (const unit of draft.purchaseUnits) {
      if (unit.invoice_id !== undefined && invoiceIds.has(unit.invoice_id)) {
        return unprocessable([
          {
            field: `/purchase_units/@reference_id=='${unit.reference_id ?? 'default'}'/invoice_id`,
            value: unit.invoice_id,
            location: 'body',
            issue: 'DUPLICATE_INVOICE_ID',
            description:
              'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
          },
        ]);
      }
    }
    const order = newOrder(draft, now());
    orders.set(order.id, order);
    for (const unit of draft.purchaseUnits)
      if (unit.invoice_id !== undefined) invoiceIds.add(unit.invoice_id);
    const answer = () => jsonResponse(201, orderBody(request, order));
    remember(request, 'create-order', answer);
    return answer();
  }

  function approveOrder(order: Order, scenario: PaypalApprovalScenario): string | null {
    if (order.status === 'COMPLETED')
      throw new Error(`PayPal sandbox: order ${order.id} is already captured`);
    if (scenario === 'cancel') {
      return order.experience.cancel_url
        ? withQuery(order.experience.cancel_url, { token: order.id })
        : null;
    }
    const payerId = order.payer?.payerId ?? paypalId(13);
    order.payer = {
      payerId,
      email: 'buyer@sandbox.example',
      givenName: 'Sandbox',
      surname: 'Buyer',
    };
    order.status = 'APPROVED';
    order.scenario = scenario;
    order.slowResponsePending = scenario === 'slow';
    order.updateTime = paypalTime(now());
    void webhooks.transmit(events.orderEvent('CHECKOUT.ORDER.APPROVED', order));
    return order.experience.return_url
      ? withQuery(order.experience.return_url, { token: order.id, PayerID: payerId })
      : null;
  }

  async function captureOrder(request: SandboxRequest, orderId: string): Promise<SandboxResponse> {
    const order = liveOrder(orderId);
    if (!order) return resourceNotFound('order_id', orderId);
    const scope = `capture|${order.id}`;
    const replay = replayOf(request, scope);
    if (replay) return replay;
    if (parseJsonBody(request.body) === undefined) return malformedJson();
    if (order.status === 'COMPLETED') {
      return unprocessable([
        {
          issue: 'ORDER_ALREADY_CAPTURED',
          description:
            "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
        },
      ]);
    }
    if (order.intent !== 'CAPTURE') {
      return unprocessable([
        {
          issue: 'ACTION_DOES_NOT_MATCH_INTENT',
          description:
            "Order was created with an intent to 'AUTHORIZE'. Please use the authorize endpoint.",
        },
      ]);
    }
    if (order.status !== 'APPROVED') {
      return unprocessable([
        {
          issue: 'ORDER_NOT_APPROVED',
          description:
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        },
      ]);
    }
    if (order.scenario === 'declined') {
      // The payer must pick another funding source: the order needs approval again.
      order.status = order.unapprovedStatus;
      order.scenario = null;
      order.updateTime = paypalTime(now());
      return unprocessable(
        [
          {
            issue: 'INSTRUMENT_DECLINED',
            description:
              "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
          },
        ],
        [{ href: approvalUrl(urls, order.id), rel: 'redirect', method: 'GET' }],
      );
    }
    const unit = order.purchaseUnits[0];
    if (!unit) return resourceNotFound('order_id', orderId);
    const time = paypalTime(now());
    const pending = order.scenario === 'pending';
    const capture: Capture = {
      id: paypalId(),
      orderId: order.id,
      status: pending ? 'PENDING' : 'COMPLETED',
      pendingReason: pending ? 'PENDING_REVIEW' : null,
      amount: { ...unit.amount },
      customId: unit.custom_id ?? null,
      invoiceId: unit.invoice_id ?? null,
      refundedCents: 0,
      createTime: time,
      updateTime: time,
    };
    order.capture = capture;
    order.status = 'COMPLETED';
    order.updateTime = time;
    captures.set(capture.id, order);
    const answer = () => jsonResponse(201, orderBody(request, order));
    remember(request, scope, answer);

    if (pending) {
      void webhooks.transmit(events.captureEvent('PAYMENT.CAPTURE.PENDING', capture));
      later(pendingCompletesAfterMs, async () => {
        capture.status = 'COMPLETED';
        capture.pendingReason = null;
        capture.updateTime = paypalTime(now());
        await webhooks.transmit(events.captureEvent('PAYMENT.CAPTURE.COMPLETED', capture));
      });
    } else {
      void webhooks.transmit(events.captureEvent('PAYMENT.CAPTURE.COMPLETED', capture));
    }

    const response = answer();
    if (order.slowResponsePending) {
      // The capture is done; only this first answer is late, so a client times out and retries.
      order.slowResponsePending = false;
      await sleep(slowCaptureDelayMs, undefined, { signal: request.signal, ref: false });
    }
    return response;
  }

  // ---- refunds -------------------------------------------------------------------------

  function captureOf(refund: Refund): Capture | null {
    return captures.get(refund.captureId)?.capture ?? null;
  }

  function refundOf(captureId: string, amount: Money | undefined) {
    const result = applyRefund(
      captures.get(captureId)?.capture ?? undefined,
      captureId,
      amount,
      now(),
    );
    if ('refund' in result) refunds.set(result.refund.id, result.refund);
    return result;
  }

  function refundCapture(request: SandboxRequest, captureId: string): SandboxResponse {
    const scope = `refund|${captureId}`;
    const replay = replayOf(request, scope);
    if (replay) return replay;
    const body = parseJsonBody(request.body);
    if (body === undefined || typeof body !== 'object' || body === null) return malformedJson();
    const amount = (body as { amount?: unknown }).amount;
    if (
      amount !== undefined &&
      (typeof amount !== 'object' ||
        amount === null ||
        typeof (amount as Money).value !== 'string' ||
        typeof (amount as Money).currency_code !== 'string')
    ) {
      return invalidRequest([
        {
          field: '/amount',
          location: 'body',
          issue: 'INVALID_PARAMETER_VALUE',
          description: 'The value of a field is invalid.',
        },
      ]);
    }
    const result = refundOf(captureId, amount as Money | undefined);
    if ('error' in result) return result.error;
    const { refund } = result;
    void webhooks.transmit(
      events.refundEvent('PAYMENT.CAPTURE.REFUNDED', refund, captureOf(refund)),
    );
    const answer = () =>
      jsonResponse(
        201,
        prefersRepresentation(request)
          ? refundResource(urls, refund, captureOf(refund))
          : {
              id: refund.id,
              status: 'COMPLETED',
              links: refundResource(urls, refund, captureOf(refund)).links,
            },
      );
    remember(request, scope, answer);
    return answer();
  }

  // ---- webhook signature postback --------------------------------------------------------

  function verifyWebhookSignature(request: SandboxRequest): SandboxResponse {
    return answerSignaturePostback(request.body, {
      certUrl,
      webhookId: options.webhookId,
      certificatePem: certificate.pem,
      // PayPal checks the event it sent, not the merchant's re-serialisation of it.
      sentBodyOf: (eventId) => webhooks.sent.get(eventId)?.rawBody,
    });
  }

  // ---- the approval page -----------------------------------------------------------------

  function pageResponse(status: number, html: string, order: Order | null): SandboxResponse {
    const targets = [order?.experience.return_url, order?.experience.cancel_url]
      .filter((url): url is string => Boolean(url))
      .map((url) => new URL(url).origin);
    return htmlPage(status, html, targets);
  }

  function checkoutPage(request: SandboxRequest): SandboxResponse {
    if (request.method !== 'GET' && request.method !== 'POST') {
      return textResponse(405, 'text/plain; charset=utf-8', 'Method not allowed', {
        allow: 'GET, POST',
      });
    }
    const form =
      request.method === 'POST' ? new URLSearchParams(request.body) : request.url.searchParams;
    const order = liveOrder(form.get('token') ?? '') ?? null;
    if (!order) return pageResponse(404, messagePage(null, 'unknownOrder'), null);
    if (order.status === 'COMPLETED')
      return pageResponse(200, messagePage(order, 'completedOrder'), order);
    if (request.method === 'GET') {
      return pageResponse(200, approvalPage(order, `${basePath}/checkoutnow`), order);
    }
    const scenario = form.get('scenario') ?? '';
    if (!(paypalApprovalScenarios as readonly string[]).includes(scenario)) {
      return pageResponse(200, approvalPage(order, `${basePath}/checkoutnow`), order);
    }
    const redirect = approveOrder(order, scenario as PaypalApprovalScenario);
    return redirect
      ? redirectResponse(redirect)
      : pageResponse(200, messagePage(order, 'noReturn'), order);
  }

  // ---- routing ----------------------------------------------------------------------------

  async function authorised(request: SandboxRequest): Promise<SandboxResponse> {
    const path = request.url.pathname.slice(basePath.length);
    const method = request.method;
    const route = (pattern: RegExp) => pattern.exec(path);
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(request);
    if (method === 'GET' && (match = route(/^\/v2\/checkout\/orders\/([^/]+)$/))) {
      const order = liveOrder(decodeURIComponent(match[1] ?? ''));
      return order
        ? jsonResponse(200, orderResource(urls, order))
        : resourceNotFound('order_id', match[1] ?? '');
    }
    if (method === 'POST' && (match = route(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/))) {
      return captureOrder(request, decodeURIComponent(match[1] ?? ''));
    }
    if (method === 'GET' && (match = route(/^\/v2\/payments\/captures\/([^/]+)$/))) {
      const capture = captures.get(decodeURIComponent(match[1] ?? ''))?.capture;
      return capture
        ? jsonResponse(200, captureResource(urls, capture))
        : resourceNotFound('capture_id', match[1] ?? '');
    }
    if (method === 'POST' && (match = route(/^\/v2\/payments\/captures\/([^/]+)\/refund$/))) {
      return refundCapture(request, decodeURIComponent(match[1] ?? ''));
    }
    if (method === 'GET' && (match = route(/^\/v2\/payments\/refunds\/([^/]+)$/))) {
      const refund = refunds.get(decodeURIComponent(match[1] ?? ''));
      return refund
        ? jsonResponse(200, refundResource(urls, refund, captureOf(refund)))
        : resourceNotFound('refund_id', match[1] ?? '');
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return verifyWebhookSignature(request);
    }
    return paypalError(404, 'NOT_FOUND', 'The specified resource does not exist.');
  }

  async function exchange(request: SandboxRequest): Promise<SandboxResponse> {
    const path = request.url.pathname;
    if (path !== basePath && !path.startsWith(`${basePath}/`)) {
      return paypalError(404, 'NOT_FOUND', 'The specified resource does not exist.');
    }
    const local = path.slice(basePath.length);
    if (local === '/v1/oauth2/token') {
      return request.method === 'POST'
        ? tokens.issue(request)
        : paypalError(
            405,
            'METHOD_NOT_SUPPORTED',
            'The server does not implement the requested HTTP method.',
          );
    }
    if (local === '/checkoutnow') return checkoutPage(request);
    if (local === certPath && request.method === 'GET') {
      return textResponse(200, 'application/x-pem-file', certificate.pem, {
        'cache-control': 'public, max-age=3600',
      });
    }
    const refused = tokens.check(request);
    if (refused) return refused;
    return authorised(request);
  }

  // ---- test knobs ---------------------------------------------------------------------------

  function orderFor(orderId: string): Order {
    const order = orders.get(orderId);
    if (!order) throw new Error(`PayPal sandbox: no order ${orderId}`);
    return order;
  }

  async function sendWebhook(input: {
    eventType: string;
    orderId: string;
    knob?: PaypalWebhookKnob;
  }) {
    const order = orderFor(input.orderId);
    const newer = events.eventFor(input.eventType, order);
    const tampering: Record<PaypalWebhookKnob, TransmissionTampering> = {
      duplicate: {},
      out_of_order: {},
      bad_signature: { corruptSignature: true },
      wrong_webhook_id: { signWithWebhookId: otherWebhookId },
      foreign_cert_host: { certUrl: `${foreignCertOrigin}${certPath}` },
      reserialised_body: { reserialiseBody: true },
    };
    await webhooks.transmit(newer, input.knob ? tampering[input.knob] : {});
    if (input.knob === 'duplicate') await webhooks.transmit(newer);
    if (input.knob === 'out_of_order')
      await webhooks.transmit(events.olderEventFor(input.eventType, order));
  }

  return {
    handler: nodeHandlerFor(exchange),
    fetch: inProcessFetchFor(exchange),
    certUrl,
    get webhookLog() {
      return webhooks.log;
    },
    async approve(orderId, scenario) {
      return { redirectUrl: approveOrder(orderFor(orderId), scenario) };
    },
    sendWebhook,
    async refund(captureId, amount) {
      const order = captures.get(captureId);
      const currency = order?.capture?.amount.currency_code ?? 'USD';
      const result = refundOf(
        captureId,
        amount === undefined ? undefined : { currency_code: currency, value: amount },
      );
      if ('error' in result)
        throw new Error(`PayPal sandbox: refund refused: ${result.error.body}`);
      await webhooks.transmit(
        events.refundEvent('PAYMENT.CAPTURE.REFUNDED', result.refund, captureOf(result.refund)),
      );
    },
    async reverse(captureId) {
      const result = refundOf(captureId, undefined);
      if ('error' in result)
        throw new Error(`PayPal sandbox: reversal refused: ${result.error.body}`);
      await webhooks.transmit(
        events.refundEvent('PAYMENT.CAPTURE.REVERSED', result.refund, captureOf(result.refund)),
      );
    },
    expireTokens() {
      tokens.expireAll();
    },
    async settled() {
      while (scheduled.size > 0) await Promise.allSettled([...scheduled]);
      await webhooks.idle();
    },
  };
}
