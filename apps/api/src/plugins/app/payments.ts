import type { SandboxPaypal, SandboxVnpay } from '@studio/sandbox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCatalogue, type Catalogue } from '../../domains/billing/catalogue.ts';
import {
  createPaymentCanceller,
  type PaymentCanceller,
} from '../../domains/payments/cancel-payment.ts';
import { type PaymentApplier, createPaymentApplier } from '../../domains/payments/apply-result.ts';
import type { PaypalService } from '../../domains/payments/paypal/paypal.service.ts';
import { setUpPaypal } from '../../domains/payments/paypal/setup.ts';
import { sandboxPaypalPath, sandboxVnpayPath } from '../../domains/payments/payments-config.ts';
import {
  createPaymentsRepository,
  type PaymentsRepository,
} from '../../domains/payments/payments.repository.ts';
import {
  createReconciliation,
  type PaymentResolver,
  type Reconciliation,
} from '../../domains/payments/reconciliation.ts';
import { createPaymentStarter, type PaymentStarter } from '../../domains/payments/start-payment.ts';
import { createStatusView, type StatusView } from '../../domains/payments/status-view.ts';
import { mountNodeHandler } from '../../http/mount-node-handler.ts';
import {
  createVnpayService,
  type VnpayService,
} from '../../domains/payments/vnpay/vnpay.service.ts';
import { z } from 'zod';

const appClock = (app: FastifyInstance) => () => (app.hasDecorator('now') ? app.now() : new Date());

/** The embedded provider emulators, when a provider runs in sandbox mode (tests drive them). */
export interface PaymentsSandbox {
  vnpay: SandboxVnpay | null;
  /** PayPal's emulator, mounted at /sandbox/paypal. */
  paypal: SandboxPaypal | null;
}

export interface Payments {
  catalogue: Catalogue;
  repository: PaymentsRepository;
  applier: PaymentApplier;
  starter: PaymentStarter;
  vnpay: VnpayService;
  /** Null when PayPal is off. */
  paypal: PaypalService | null;
  reconciliation: Reconciliation;
  /** A payment as its owner sees it, with the account's plan as it is now. */
  statusView: StatusView;
  /** The owner gives up an open payment (the provider asked first). */
  cancelByOwner: PaymentCanceller;
  registerResolver: (provider: 'vnpay' | 'paypal', resolver: PaymentResolver) => void;
  sandbox: PaymentsSandbox;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
    paymentsSandbox: PaymentsSandbox;
  }
}

/** The path and query of an absolute URL: what `inject` takes. */
function pathAndQueryOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The embedded payment emulators (packages/sandbox), mounted when a provider has no merchant
 * credentials (payments.md §1.11, §2.12). Like the sandbox model server, their requests are
 * taken over in an onRequest hook before CSRF, rate limits and body parsing: they are separate
 * services with their own wire formats. Register this plugin next to the models plugin, before
 * those plugins. packages/sandbox is imported only in sandbox mode, so production never loads it.
 */
export const paymentsSandboxPlugin = fp(
  async (app) => {
    const settings = app.config.payments;
    const sandbox: PaymentsSandbox = { vnpay: null, paypal: null };
    if (settings.vnpay.kind === 'sandbox') {
      const { createSandboxVnpay } = await import('@studio/sandbox');
      const vnpay = createSandboxVnpay({
        basePath: sandboxVnpayPath,
        tmnCode: settings.vnpay.tmnCode,
        hashSecret: settings.vnpay.hashSecret,
        ipnUrl: `${app.config.publicUrl}/api/payments/vnpay/ipn`,
        // In process: the IPN reaches this app without a socket, whatever PUBLIC_URL is.
        deliver: async (url) => {
          const response = await app.inject({ method: 'GET', url: pathAndQueryOf(url) });
          return { status: response.statusCode, body: response.body };
        },
        ipnRetry: { tries: 3, delayMs: 2000 },
        // The app's clock, so a payment link expires at the emulator when it does here (the
        // auth plugin decorates it after this one: the wall clock until then).
        now: appClock(app),
      });
      sandbox.vnpay = vnpay;
      mountNodeHandler(app, sandboxVnpayPath, vnpay.handler);
    }
    // PayPal (helper H3): the emulator at /sandbox/paypal; its webhooks reach this app in process.
    if (settings.paypal.kind === 'sandbox') {
      const { createSandboxPaypal } = await import('@studio/sandbox');
      const paypal = createSandboxPaypal({
        basePath: sandboxPaypalPath,
        publicOrigin: new URL(app.config.publicUrl).origin,
        clientId: settings.paypal.clientId,
        clientSecret: settings.paypal.clientSecret,
        webhookId: settings.paypal.webhookId,
        webhookUrl: `${app.config.publicUrl}/api/payments/paypal/webhook`,
        now: appClock(app),
        deliver: async (url, init) => {
          const response = await app.inject({
            method: 'POST',
            url: pathAndQueryOf(url),
            headers: init.headers,
            payload: init.body,
          });
          return { status: response.statusCode };
        },
        // In process a refused delivery is a refused signature, not a network blip: retry briefly.
        webhookRetry: { tries: 3, delayMs: 500 },
      });
      sandbox.paypal = paypal;
      mountNodeHandler(app, sandboxPaypalPath, paypal.handler);
    }
    app.decorate('paymentsSandbox', sandbox);
  },
  { name: 'payments-sandbox', dependencies: ['config'] },
);

/**
 * Plans and payments: the catalogue, the ledger, the one applier, payment start, VNPay (and
 * PayPal), and the `payments.reconcile` job every PAYMENTS_RECONCILE_INTERVAL_SECONDS (0 disables
 * it), once per interval whichever the number of processes.
 */
export const paymentsPlugin = fp(
  async (app) => {
    const settings = app.config.payments;
    const now = () => app.now();
    const catalogue = createCatalogue(settings.catalogue);
    const { users } = app;
    const repository = createPaymentsRepository(app.db);
    const applier = createPaymentApplier({
      db: app.db,
      driver: app.database.driver,
      now,
      log: app.log,
    });
    const starter = createPaymentStarter({
      repository,
      catalogue,
      findUser: (userId) => users.findById(userId),
      now,
      log: app.log,
    });
    const sandbox = app.paymentsSandbox;
    const vnpay = createVnpayService({
      config: settings.vnpay,
      publicUrl: app.config.publicUrl,
      starter,
      applier,
      repository,
      ...(sandbox.vnpay ? { fetch: sandbox.vnpay.fetch } : {}),
      now,
      log: app.log,
    });
    const reconciliation = createReconciliation({
      repository,
      applier,
      pendingQueryAfterSeconds: settings.pendingQueryAfterSeconds,
      log: app.log,
    });
    if (settings.vnpay.kind !== 'off') reconciliation.registerResolver('vnpay', vnpay.refresh);

    // PayPal (helper H3): the service (the emulator's in-process fetch in sandbox mode) and its
    // reconciliation resolver.
    const paypal: PaypalService | null =
      settings.paypal.kind === 'off'
        ? null
        : setUpPaypal({
            config: settings.paypal,
            publicUrl: app.config.publicUrl,
            sandbox: sandbox.paypal,
            starter,
            applier,
            repository,
            now,
            log: app.log,
          });
    if (paypal) reconciliation.registerResolver('paypal', paypal.refresh);

    app.decorate('payments', {
      catalogue,
      repository,
      applier,
      starter,
      vnpay,
      paypal,
      reconciliation,
      statusView: createStatusView({ users, now }),
      cancelByOwner: createPaymentCanceller({
        applier,
        vnpayRefresh: vnpay.refresh,
        paypal,
        log: app.log,
      }),
      registerResolver: reconciliation.registerResolver,
      sandbox,
    });

    const reconcileJob = app.jobs.define({
      kind: 'payments.reconcile',
      payload: z.object({}),
      result: z.null(),
      // The next interval tries again: a sweep is not worth retrying sooner.
      attempts: 1,
      run: async () => {
        await reconciliation.reconcileOnce(now());
        return null;
      },
    });
    // 0 removes the schedule (from Redis too, where an earlier start may have left one).
    await app.jobs.every(reconcileJob, settings.reconcileIntervalSeconds * 1000);
  },
  {
    name: 'payments',
    dependencies: ['config', 'database', 'jobs', 'auth', 'users', 'payments-sandbox'],
  },
);
