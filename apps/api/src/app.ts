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
import { authPlugin } from './plugins/app/auth.ts';
import { type ChatPluginOptions, chatPlugin } from './plugins/app/chat.ts';
import { contactPlugin } from './plugins/app/contact.ts';
import { csrfPlugin } from './plugins/app/csrf.ts';
import { errorsPlugin } from './plugins/app/errors.ts';
import { type ExportsPluginOptions, exportsPlugin } from './plugins/app/exports.ts';
import { imageModelsPlugin, imagesPlugin } from './plugins/app/images.ts';
import { libraryPlugin } from './plugins/app/library.ts';
import { mailQueuePlugin } from './plugins/app/mail-queue.ts';
import { modelsPlugin } from './plugins/app/models.ts';
import { newsletterPlugin } from './plugins/app/newsletter.ts';
import { paymentsPlugin, paymentsSandboxPlugin } from './plugins/app/payments.ts';
import { providersPlugin } from './plugins/app/providers.ts';
import { sharingPlugin } from './plugins/app/sharing.ts';
import { storageSweepPlugin } from './plugins/app/storage-sweep.ts';
import { spaPlugin } from './plugins/app/spa.ts';
import { speechPlugin } from './plugins/app/speech.ts';
import {
  dictationPlugin,
  type TranscriptionPluginOptions,
  transcriptionPlugin,
} from './plugins/app/transcription.ts';
import { uploadsPlugin } from './plugins/app/uploads.ts';
import { userJobsPlugin } from './plugins/app/user-jobs.ts';
import { usersPlugin } from './plugins/app/users.ts';
import { type MusicPluginOptions, musicPlugin } from './plugins/app/music.ts';
import { type VisionPluginOptions, visionPlugin } from './plugins/app/vision.ts';
import { type OcrPluginOptions, ocrPlugin } from './plugins/app/ocr.ts';
import { type OfficePluginOptions, officePlugin } from './plugins/app/office.ts';
import { type WriterPluginOptions, writerPlugin } from './plugins/app/writer.ts';
import { type VoicePluginOptions, voicePlugin } from './plugins/app/voice.ts';
import { webauthnPlugin } from './plugins/app/webauthn.ts';
import { compressionPlugin } from './plugins/external/compression.ts';
import { configPlugin } from './plugins/external/config.ts';
import { databasePlugin } from './plugins/external/database.ts';
import { eventStreamsPlugin } from './plugins/external/event-streams.ts';
import { jobsPlugin } from './plugins/external/jobs.ts';
import { type LiveLogsPluginOptions, liveLogsPlugin } from './plugins/external/live-logs.ts';
import { mailPlugin } from './plugins/external/mail.ts';
import { metricsPlugin } from './plugins/external/metrics.ts';
import { openApiPlugin } from './plugins/external/openapi.ts';
import { rateLimitPlugin } from './plugins/external/rate-limit.ts';
import { readinessPlugin } from './plugins/external/readiness.ts';
import { redisPlugin } from './plugins/external/redis.ts';
import { sandboxIdentityPlugin } from './plugins/external/sandbox-identity.ts';
import { securityHeadersPlugin } from './plugins/external/security-headers.ts';
import { storagePlugin } from './plugins/external/storage.ts';
import { authRoutes } from './routes/auth/index.ts';
import { chatRoutes } from './routes/chat/index.ts';
import { contactRoutes } from './routes/contact/index.ts';
import { dictationRoutes } from './routes/dictation/index.ts';
import { devMailboxRoutes } from './routes/dev/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { imageRoutes } from './routes/images/index.ts';
import { jobRoutes } from './routes/jobs/index.ts';
import { libraryRoutes } from './routes/library/index.ts';
import { metricsRoutes } from './routes/metrics/index.ts';
import { newsletterRoutes } from './routes/newsletter/index.ts';
import { paymentsRoutes } from './routes/payments/index.ts';
import { preferencesRoutes } from './routes/preferences/index.ts';
import { pricingRoutes } from './routes/pricing/index.ts';
import { profileRoutes } from './routes/profile/index.ts';
import { musicRoutes } from './routes/music/index.ts';
import { visionRoutes } from './routes/vision/index.ts';
import { officeRoutes } from './routes/office/index.ts';
import { writerRoutes } from './routes/writer/index.ts';
import { voiceRoutes } from './routes/voice/index.ts';
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
  /** Tests: the live logs' heartbeat and patience (a killed writer noticed in a second). */
  liveLogs?: LiveLogsPluginOptions;
  /** Tests: chat's model registry, speech and uploads instead of the app's. */
  chat?: ChatPluginOptions;
  /** Tests: how the export job reads (page size, a hold before each page). */
  exports?: ExportsPluginOptions;
  /** Tests: the voice tool's speech (a fast stand-in) instead of the app's. */
  voice?: VoicePluginOptions;
  /** Tests: the music tool's engines (a fast stand-in) and the model that describes a piece. */
  music?: MusicPluginOptions;
  /** Tests: the vision tool's chat models. */
  vision?: VisionPluginOptions;
  /** Tests: one OCR engine shared by their apps (its worker starts once); the offline one otherwise. */
  ocr?: OcrPluginOptions;
  /** Tests: the office tools' chat models. */
  office?: OfficePluginOptions;
  /** Tests: the content writer's chat models. */
  writer?: WriterPluginOptions;
  /** Tests: a stand-in for whisper.node's context behind the offline Whisper engine. */
  transcription?: TranscriptionPluginOptions;
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
    // Also each close step's limit: the replies still being written get the shutdown's grace
    // period (plugins/external/live-logs.ts), and the job queue as long again.
    pluginTimeout: Math.max(10_000, config.shutdownGraceMs + 10_000),
    // Unique across restarts and instances, so an x-request-id always finds its log lines.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: text/plain is what cross-site forms and CORS-free "simple" requests can send.
  app.removeContentTypeParser('text/plain');

  // The order is the order of the hooks. The sandbox identity provider and the model and payment
  // emulators come first: their onRequest hooks hand their requests over before the error
  // handler, CSRF, rate limits and security headers see them (each is a separate service with
  // its own wire format and defences). `dependencies` in each plugin makes a wrong order fail.
  await app.register(configPlugin, { config });
  // The provider layer's catalogue, which the model plugins here and speech below fill.
  await app.register(providersPlugin);
  await app.register(sandboxIdentityPlugin);
  await app.register(modelsPlugin);
  await app.register(imageModelsPlugin);
  await app.register(paymentsSandboxPlugin);

  // What the readiness check asks, and Redis (when configured), which the rate limits share.
  await app.register(readinessPlugin);
  await app.register(redisPlugin);

  // Cross-cutting HTTP: one error shape, security headers, compressed JSON, cookies and CSRF,
  // rate limits.
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(fastifyCookie);
  await app.register(csrfPlugin);
  await app.register(rateLimitPlugin);

  // Outside systems the domains use.
  await app.register(databasePlugin);
  await app.register(mailPlugin);
  await app.register(storagePlugin);
  // After the database and Redis: on close it hands running jobs back before they close.
  await app.register(jobsPlugin);
  await app.register(mailQueuePlugin);
  // The open server-sent event streams (shutdown ends those left), and what /metrics counts.
  await app.register(eventStreamsPlugin);
  // After the database, Redis and the jobs: on close its runs write their last events first.
  await app.register(liveLogsPlugin, options.liveLogs ?? {});
  await app.register(metricsPlugin);

  // The domains, each created once and decorating the app; later ones use earlier ones.
  await app.register(usersPlugin);
  await app.register(authPlugin, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.externalIdentityKeys ? { externalKeys: options.externalIdentityKeys } : {}),
  });
  await app.register(storageSweepPlugin);
  await app.register(uploadsPlugin);
  await app.register(speechPlugin);
  // Dictation: the engine that hears recordings (its model in the catalogue), then its service.
  await app.register(transcriptionPlugin, options.transcription ?? {});
  await app.register(dictationPlugin);
  await app.register(chatPlugin, options.chat ?? {});
  await app.register(sharingPlugin);
  await app.register(userJobsPlugin);
  await app.register(exportsPlugin, options.exports ?? {});
  await app.register(imagesPlugin);
  await app.register(voicePlugin, options.voice ?? {});
  await app.register(musicPlugin, options.music ?? {});
  await app.register(ocrPlugin, options.ocr ?? {});
  await app.register(visionPlugin, options.vision ?? {});
  await app.register(officePlugin, options.office ?? {});
  await app.register(writerPlugin, options.writer ?? {});
  await app.register(libraryPlugin);
  await app.register(contactPlugin);
  await app.register(newsletterPlugin);
  await app.register(paymentsPlugin);
  await app.register(webauthnPlugin);
  // Before the routes: it collects each route as it is registered.
  await app.register(openApiPlugin);

  // Routes only read the decorations above.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(preferencesRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(newsletterRoutes, { prefix: '/api' });
  await app.register(chatRoutes, { prefix: '/api' });
  await app.register(jobRoutes, { prefix: '/api' });
  await app.register(imageRoutes, { prefix: '/api' });
  await app.register(voiceRoutes, { prefix: '/api' });
  await app.register(musicRoutes, { prefix: '/api' });
  await app.register(visionRoutes, { prefix: '/api' });
  await app.register(officeRoutes, { prefix: '/api' });
  await app.register(writerRoutes, { prefix: '/api' });
  await app.register(libraryRoutes, { prefix: '/api' });
  await app.register(dictationRoutes, { prefix: '/api' });
  await app.register(pricingRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(webauthnRoutes, { prefix: '/api' });
  if (config.devMailbox) await app.register(devMailboxRoutes);
  await app.register(metricsRoutes);
  // Last: its not-found handler answers whatever no route above took.
  await app.register(spaPlugin);

  for (const warning of config.warnings) app.log.warn(warning);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
