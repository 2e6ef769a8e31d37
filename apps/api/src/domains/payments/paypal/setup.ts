import type { FastifyBaseLogger } from 'fastify';
import type { PaymentApplier } from '../apply-result.ts';
import type { PaypalConfig } from '../payments-config.ts';
import type { PaymentsRepository } from '../payments.repository.ts';
import type { PaymentStarter } from '../start-payment.ts';
import { createPaypalClient, type FetchFunction } from './client.ts';
import { createPaypalService, type PaypalService } from './paypal.service.ts';
import { createWebhookVerifier } from './webhook-verifier.ts';

/** What the embedded emulator lends the service in sandbox mode. */
export interface PaypalSandboxLink {
  fetch: FetchFunction;
  /** The emulator's webhook certificate URL (its prefix is trusted in sandbox mode only). */
  certUrl: string;
}

/**
 * The emulator answers in process within microseconds; a short timeout lets its 'slow' capture
 * (an answer that never comes) show the retry within seconds instead of PayPal's 20.
 */
const sandboxTimeoutMs = 3_000;

/** The PayPal client, webhook verifier and service for the configured mode (not 'off'). */
export function setUpPaypal(deps: {
  config: PaypalConfig;
  publicUrl: string;
  sandbox: PaypalSandboxLink | null;
  starter: PaymentStarter;
  applier: PaymentApplier;
  repository: PaymentsRepository;
  now: () => Date;
  log: FastifyBaseLogger;
}): PaypalService {
  const { config, sandbox } = deps;
  if (config.kind === 'sandbox' && sandbox === null) {
    throw new Error('PayPal is in sandbox mode but its emulator is not mounted');
  }
  const fetch = config.kind === 'sandbox' && sandbox ? sandbox.fetch : globalThis.fetch;
  const client = createPaypalClient({
    apiBase: config.apiBase,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    fetch,
    now: () => deps.now().getTime(),
    ...(config.kind === 'sandbox' ? { timeoutMs: sandboxTimeoutMs } : {}),
  });
  const verifier = createWebhookVerifier({
    webhookId: config.webhookId,
    fetch,
    now: deps.now,
    ...(config.kind === 'sandbox' && sandbox
      ? { sandboxCertPrefix: sandbox.certUrl.slice(0, sandbox.certUrl.lastIndexOf('/') + 1) }
      : {}),
  });
  return createPaypalService({
    config,
    publicUrl: deps.publicUrl,
    client,
    verifier,
    starter: deps.starter,
    applier: deps.applier,
    repository: deps.repository,
    now: deps.now,
    log: deps.log,
  });
}
