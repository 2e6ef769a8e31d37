import {
  errorResponse,
  paymentStatusResponse,
  paypalCaptureRequest,
  paypalCreateRequest,
  paypalCreateResponse,
} from '@studio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');
const paymentNotFound = errorResponse.describe(
  "No such payment (another user's payment answers the same)",
);
const orderMismatch = errorResponse.describe(
  'The PayPal order is not the one this payment was created with (or the request came from another site)',
);
const paypalDown = errorResponse.describe('PayPal could not be reached');
const paypalOff = errorResponse.describe('PayPal is switched off');
const paypalOffText = 'PayPal is not available.';

/** PayPal's servers call the webhook (and retry): generous, but not unlimited. */
const webhookRateLimit = { max: 600, timeWindow: 60_000 };

/**
 * The error handler hides 5xx texts; the 502s here are written for the user (§8 wrappers show
 * their own text, but an API client deserves to know PayPal was the problem).
 */
async function answerProviderDown<T>(reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 502) {
      return reply.code(502).send({ message: error.message });
    }
    throw error;
  }
}

/**
 * The GET form of capture changes state (the spec names it so). A bearer token already keeps
 * other sites out; Sec-Fetch-Site refuses any browser request another site started, as
 * security.md §1.5 (ASVS 3.5.3) asks of a state-changing GET.
 */
function refuseCrossSite(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    request.log.warn({ event: 'paypal_capture_cross_site', site }, 'cross-site capture refused');
    throw new HttpError(403, 'This request must come from this site.');
  }
}

/**
 * PayPal Orders v2 (§7, payments.md §2): create, capture (POST for the SPA, GET as the spec
 * names it; one handler), cancel, and the signed webhook. Registered by routes/payments.
 */
export const paypalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { paypal, statusView } = app.payments;
  const { paymentGate } = app;
  const limits = { rateLimit: app.rateLimits.api };
  const off = app.config.payments.paypal.kind === 'off' || paypal === null;

  app.post(
    '/payments/paypal/create',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Start a PayPal payment: an order (price from the catalogue) and its approval link',
        body: paypalCreateRequest,
        response: {
          ...writeErrorResponses,
          200: paypalCreateResponse,
          401: unauthorized,
          403: errorResponse.describe(
            'Missing XSRF token, GodMode alone without an active Pro, or biometric verification required first (error verificationRequired)',
          ),
          409: errorResponse.describe('clientTransactionId already used with other details'),
          422: errorResponse.describe(
            'Currency is not USD, Amount is not the plan price, or PurchaseType does not match PurchaseId',
          ),
          502: paypalDown,
          503: paypalOff,
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      if (off) return reply.code(503).send({ message: paypalOffText });
      const { user, sessionKey } = signedIn(request);
      const body = request.body;
      const refusal = await paymentGate.refusalFor({
        userId: user.id,
        sessionKey,
        plan: body.PurchaseId,
      });
      if (refusal) return reply.code(403).send(refusal);
      return answerProviderDown(reply, async () => {
        const started = await paypal.create({
          userId: user.id,
          language: user.preferences.language,
          purchaseType: body.PurchaseType,
          planType: body.PurchaseId,
          amount: body.Amount,
          currency: body.Currency,
          ...(body.clientTransactionId === undefined
            ? {}
            : { clientTransactionId: body.clientTransactionId }),
          ip: request.ip,
        });
        return {
          approvalUrl: started.redirectUrl,
          transactionRef: started.payment.txnRef,
          orderId: started.payment.id,
          providerOrderId: started.payment.providerOrderId ?? '',
        };
      });
    },
  );

  const captureResponses = {
    200: paymentStatusResponse,
    401: unauthorized,
    403: orderMismatch,
    404: paymentNotFound,
    502: paypalDown,
    503: paypalOff,
  };

  const captureHandler = async (
    request: FastifyRequest,
    reply: FastifyReply,
    reference: z.infer<typeof paypalCaptureRequest>,
  ) => {
    if (off) return reply.code(503).send({ message: paypalOffText });
    const { user } = signedIn(request);
    return answerProviderDown(reply, async () => {
      const { payment, retryUrl } = await paypal.capture(user.id, reference);
      const view = await statusView(payment);
      // Not approved (yet): the payer belongs on PayPal's page, as after a declined card.
      return retryUrl === null ? view : { ...view, retryUrl };
    });
  };

  app.post(
    '/payments/paypal/capture',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The payer is back from PayPal: capture the order (idempotent, owner only) and answer the payment',
        body: paypalCaptureRequest,
        response: { ...writeErrorResponses, ...captureResponses },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => captureHandler(request, reply, request.body),
  );

  app.get(
    '/payments/paypal/capture',
    {
      schema: {
        tags: ['payments'],
        summary: 'The same capture as the POST form, as the spec names it (prefer the POST)',
        querystring: paypalCaptureRequest,
        response: { ...readErrorResponses, ...captureResponses },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      refuseCrossSite(request);
      return captureHandler(request, reply, request.query);
    },
  );

  app.post(
    '/payments/paypal/cancel',
    {
      schema: {
        tags: ['payments'],
        summary: 'The payer cancelled on PayPal: the payment is cancelled unless money moved',
        body: paypalCaptureRequest,
        response: { ...writeErrorResponses, ...captureResponses },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      if (off) return reply.code(503).send({ message: paypalOffText });
      const { user } = signedIn(request);
      return answerProviderDown(reply, async () =>
        statusView(await paypal.cancel(user.id, request.body)),
      );
    },
  );

  // Its own scope: the webhook's JSON parser keeps the raw bytes (the signature covers them),
  // and no other route gets that parser.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/payments/paypal/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "PayPal's webhook (server to server): verified offline with PayPal's signature",
          response: {
            200: z.object({ received: z.literal(true) }),
            400: errorResponse.describe('Signature does not verify, or the body is not an event'),
            429: errorResponse.describe('Too many requests'),
            500: errorResponse.describe('Could not be applied now (PayPal retries)'),
            503: paypalOff,
          },
        },
        config: { rateLimit: webhookRateLimit },
      },
      async (request, reply) => {
        if (off) return reply.code(503).send({ message: paypalOffText });
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await paypal.handleWebhook(request.headers, raw);
        if (answer.status === 400) {
          return reply.code(400).send({ message: 'Invalid webhook' });
        }
        return { received: true as const };
      },
    );
  });
};
