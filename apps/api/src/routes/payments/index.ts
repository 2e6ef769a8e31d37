import {
  errorResponse,
  membershipResponse,
  paymentStatusResponse,
  vnpayCallbackRequest,
  vnpayCreateRequest,
  vnpayCreateResponse,
} from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planEntitlements, tierOf } from '../../domains/billing/entitlements.ts';
import { membershipSummaryOf, toPaymentRecord } from '../../domains/payments/payment.ts';
import { HttpError, readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { paypalRoutes } from './paypal.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');
const paymentNotFound = errorResponse.describe(
  "No such payment (another user's payment answers the same)",
);
const notFoundText = 'Payment not found';

/** The IPN is called by VNPay's servers (and retried): generous, but not unlimited. */
const ipnRateLimit = { max: 600, timeWindow: 60_000 };

/**
 * Payments (§7, payments.md §1.10): VNPay create, its IPN and the return's callback, a payment's
 * status for its owner, and the signed-in user's membership. PayPal's routes live next to these
 * (paypal.ts).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vnpay, repository, statusView, reconciliation, cancelByOwner } = app.payments;
  const { paymentGate } = app;
  const limits = { rateLimit: app.rateLimits.api };
  const entitlements = planEntitlements(app.config.dailyLimitsByMeter);
  const vnpayOff = app.config.payments.vnpay.kind === 'off';

  await app.register(paypalRoutes);

  app.post(
    '/payments/vnpay/create',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start a VNPay payment: a signed payment URL (price from the catalogue)',
        body: vnpayCreateRequest,
        response: {
          ...writeErrorResponses,
          200: vnpayCreateResponse,
          401: unauthorized,
          403: errorResponse.describe(
            'Missing XSRF token, GodMode alone without an active Pro, or biometric verification required first (error verificationRequired)',
          ),
          409: errorResponse.describe('clientTransactionId already used with other details'),
          422: errorResponse.describe('Currency is not VND, or Amount is not the plan price'),
          502: errorResponse.describe('VNPay could not be reached'),
          503: errorResponse.describe('VNPay is switched off'),
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      if (vnpayOff) return reply.code(503).send({ message: 'VNPay is not available.' });
      const { user, sessionKey } = signedIn(request);
      const body = request.body;
      const refusal = await paymentGate.refusalFor({
        userId: user.id,
        sessionKey,
        plan: body.PlanType,
      });
      if (refusal) return reply.code(403).send(refusal);
      try {
        const started = await vnpay.create({
          userId: user.id,
          planType: body.PlanType,
          amount: body.Amount,
          currency: body.Currency,
          ...(body.clientTransactionId === undefined
            ? {}
            : { clientTransactionId: body.clientTransactionId }),
          description: body.Description,
          ip: request.ip,
          language: user.preferences.language,
        });
        return {
          paymentUrl: started.redirectUrl,
          transactionRef: started.payment.txnRef,
          orderId: started.payment.id,
        };
      } catch (error) {
        // The error handler hides 5xx texts; this one is written for the user.
        if (error instanceof HttpError && error.statusCode === 502) {
          return reply.code(502).send({ message: error.message });
        }
        throw error;
      }
    },
  );

  app.get(
    '/payments/vnpay/ipn',
    {
      schema: {
        tags: ['payments'],
        summary: "VNPay's IPN (server to server, signed): answers {RspCode, Message}",
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ RspCode: z.string(), Message: z.string() }) },
      },
      config: { rateLimit: ipnRateLimit },
    },
    async (request) => vnpay.handleIpn(request.query),
  );

  app.post(
    '/payments/vnpay/callback',
    {
      schema: {
        tags: ['payments'],
        summary: "VNPay's return parameters: verified, then confirmed with querydr",
        body: vnpayCallbackRequest,
        response: {
          ...writeErrorResponses,
          200: paymentStatusResponse,
          400: errorResponse.describe('Invalid payment signature'),
          401: unauthorized,
          404: paymentNotFound,
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request) => statusView(await vnpay.callback(signedIn(request).user.id, request.body)),
  );

  app.get(
    '/payments/status/:id',
    {
      schema: {
        tags: ['payments'],
        summary:
          "A payment's state, for its owner (id, transaction reference or provider order id)",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: {
          ...readErrorResponses,
          200: paymentStatusResponse,
          401: unauthorized,
          404: paymentNotFound,
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request) => {
      const payment = await repository.findAnyIdForUser(
        request.params.id,
        signedIn(request).user.id,
      );
      if (!payment) throw new HttpError(404, notFoundText);
      return statusView(await vnpay.refreshIfDue(payment));
    },
  );

  app.get(
    '/membership',
    {
      schema: {
        tags: ['payments'],
        summary: 'The plan, its end dates, what it unlocks, and the payment history',
        response: { ...readErrorResponses, 200: membershipResponse, 401: unauthorized },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request) => {
      const { user } = signedIn(request);
      const now = app.now();
      // A payment its provider no longer takes reads as expired now, not at the job's next run.
      await reconciliation.settleOverdueFor(user.id, now);
      const payments = await repository.listForUser(user.id);
      return {
        ...membershipSummaryOf(user, now),
        entitlements: entitlements[tierOf(user, now)],
        payments: payments.map((payment) => toPaymentRecord(payment, now)),
      };
    },
  );

  app.post(
    '/payments/:id/cancel',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The owner gives up an open payment (the provider is asked first: money taken is applied)',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: {
          ...writeErrorResponses,
          200: paymentStatusResponse,
          401: unauthorized,
          404: paymentNotFound,
          409: errorResponse.describe('The payment has already ended'),
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request) => {
      const { user } = signedIn(request);
      const payment = await repository.findAnyIdForUser(request.params.id, user.id);
      if (!payment) throw new HttpError(404, notFoundText);
      return statusView(await cancelByOwner(user.id, payment));
    },
  );
};
