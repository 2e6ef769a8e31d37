import fp from 'fastify-plugin';
import { paidSinceIn } from '../../domains/payments/paid-since.ts';
import { createWebauthnRepository } from '../../domains/webauthn/webauthn.repository.ts';
import {
  createPaymentGate,
  createWebauthnService,
  type PaymentGate,
  type WebauthnService,
} from '../../domains/webauthn/webauthn.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Passkeys: the registration and verification ceremonies, the credential list, settings. */
    webauthn: WebauthnService;
    /** Asked before a payment starts: the passkey verification a user may require for it. */
    paymentGate: PaymentGate;
  }
}

export const webauthnPlugin = fp(
  async (app) => {
    const { db, now } = app;
    const repository = createWebauthnRepository(db);
    app.decorate(
      'webauthn',
      createWebauthnService({ db, repository, config: app.config.webauthn, now }),
    );
    app.decorate(
      'paymentGate',
      createPaymentGate({ repository, now, paidSince: paidSinceIn(app.payments.repository) }),
    );
  },
  { name: 'webauthn', dependencies: ['config', 'database', 'auth', 'payments'] },
);
