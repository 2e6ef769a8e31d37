import { type PaymentMethod, paymentMethodsResponse, pricingResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planEntitlements, visitorAllowance } from '../../domains/billing/entitlements.ts';
import { readErrorResponses } from '../../http/errors.ts';

/**
 * Public plan information (§3 Pricing response, §7): prices from the server's catalogue with
 * what each plan unlocks, and which payment methods are available.
 */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = { rateLimit: app.rateLimits.api };
  const { dailyLimitsByMeter } = app.config;
  const pricing = app.payments.catalogue.pricing(
    planEntitlements(dailyLimitsByMeter),
    visitorAllowance(dailyLimitsByMeter),
  );
  const { vnpay, paypal } = app.config.payments;
  const methods: PaymentMethod[] = [
    {
      id: 'paypal',
      name: 'PayPal',
      currency: 'USD',
      available: paypal.kind !== 'off',
      sandbox: paypal.kind === 'sandbox',
    },
    {
      id: 'vnpay',
      name: 'VNPay',
      currency: 'VND',
      available: vnpay.kind !== 'off',
      sandbox: vnpay.kind === 'sandbox',
    },
  ];

  app.get(
    '/pricing',
    {
      schema: {
        tags: ['payments'],
        summary: 'Plan prices (USD, VND), yearly savings, and what each plan unlocks',
        response: { ...readErrorResponses, 200: pricingResponse },
      },
      config: limits,
    },
    async () => pricing,
  );

  app.get(
    '/payment-methods',
    {
      schema: {
        tags: ['payments'],
        summary: 'PayPal (USD) and VNPay (VND): availability and sandbox flag',
        response: { ...readErrorResponses, 200: paymentMethodsResponse },
      },
      config: limits,
    },
    async () => ({ methods }),
  );
};
