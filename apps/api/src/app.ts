import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from './config.ts';
import { type LogDestination, loggerOptions } from './logger.ts';
import { authPlugin } from './plugins/auth.ts';
import { configPlugin } from './plugins/config.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { mailPlugin } from './plugins/mail.ts';
import { modelsPlugin } from './plugins/models.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { paymentsPlugin, paymentsSandboxPlugin } from './plugins/payments.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { sandboxIdentityPlugin } from './plugins/sandbox-identity.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import { speechPlugin } from './plugins/speech.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { authRoutes } from './routes/auth/index.ts';
import { chatExportRoutes } from './routes/chat-export/index.ts';
import { chatModelsRoutes } from './routes/chat-models/index.ts';
import { chatSharingRoutes } from './routes/chat-sharing/index.ts';
import { chatUploadRoutes } from './routes/chat-uploads/index.ts';
import { chatVoicesRoutes } from './routes/chat-voices/index.ts';
import { type ChatRoutesOptions, chatRoutes } from './routes/chat/index.ts';
import { contactRoutes } from './routes/contact/index.ts';
import { devMailboxRoutes } from './routes/dev/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { newsletterRoutes } from './routes/newsletter/index.ts';
import { paymentsRoutes } from './routes/payments/index.ts';
import { preferencesRoutes } from './routes/preferences/index.ts';
import { pricingRoutes } from './routes/pricing/index.ts';
import { profileRoutes } from './routes/profile/index.ts';
import { webauthnRoutes } from './routes/webauthn/index.ts';

/** JSON bodies above this answer 413; routes that take uploads raise it for themselves. */
export const bodyLimitBytes = 64 * 1024;

export interface BuildOptions {
  /** Where the JSON log lines go (tests capture them); stdout by default. */
  logStream?: LogDestination;
  /** The clock of every sign-in decision (tests step it forward); the system clock by default. */
  now?: () => Date;
  /** Tests: the external identity service's signing keys instead of its JWKS over HTTP. */
  externalIdentityKeys?: JWTVerifyGetKey;
  /** Tests: chat's model registry, speech and uploads instead of the app's. */
  chat?: ChatRoutesOptions;
}

/** A hop count trusts that many proxies in front of us (what Fastify does with a number). */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Builds the whole app (plugins, routes, SPA) without listening: server.ts listens, tests use
 * `inject`. Opening the database runs its migrations, so a built app is ready to serve.
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: bodyLimitBytes,
    // Unique across restarts and instances, so an x-request-id always finds its log lines.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: text/plain is what cross-site forms and CORS-free "simple" requests can send.
  app.removeContentTypeParser('text/plain');

  await app.register(configPlugin, { config });
  // First: its requests are handed to the provider before any other hook sees them.
  await app.register(sandboxIdentityPlugin);
  // Also before them: it mounts the sandbox model server (when configured) the same way.
  await app.register(modelsPlugin);
  // Also before them: the payment provider emulators (in sandbox mode), mounted the same way.
  await app.register(paymentsSandboxPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(fastifyCookie);
  await app.register(csrfPlugin);
  await app.register(rateLimitPlugin);
  await app.register(databasePlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.externalIdentityKeys ? { externalKeys: options.externalIdentityKeys } : {}),
  });
  await app.register(uploadsPlugin);
  await app.register(speechPlugin);
  await app.register(paymentsPlugin);
  await app.register(openApiPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(preferencesRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(newsletterRoutes, { prefix: '/api' });
  await app.register(chatModelsRoutes, { prefix: '/api' });
  await app.register(chatVoicesRoutes, { prefix: '/api' });
  await app.register(chatSharingRoutes, { prefix: '/api' });
  await app.register(chatExportRoutes, { prefix: '/api' });
  await app.register(chatUploadRoutes, { prefix: '/api' });
  await app.register(chatRoutes, { prefix: '/api', ...options.chat });
  await app.register(pricingRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(webauthnRoutes, { prefix: '/api' });
  if (config.devMailbox) await app.register(devMailboxRoutes);
  await app.register(spaPlugin);

  for (const warning of config.warnings) app.log.warn(warning);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
