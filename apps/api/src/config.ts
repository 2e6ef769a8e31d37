import type { z } from 'zod';
import { geolocationConfigModule } from './config/geolocation-config.ts';
import { observabilityConfigModule } from './config/observability-config.ts';
import { rateLimitsConfigModule } from './config/rate-limits-config.ts';
import { redisConfigModule } from './config/redis-config.ts';
import { configContext, serverConfigModule } from './config/server-config.ts';
import type { ConfigModule } from './env/config-module.ts';
import { databaseConfigModule } from './db/database-config.ts';
import type { DailyLimitsByMeter } from './domains/billing/entitlements.ts';
import { authConfigModule } from './domains/auth/auth-config.ts';
import { identityConfigModule } from './domains/auth/identity-config.ts';
import { chatConfigModule } from './domains/chat/chat-config.ts';
import { dictationConfigModule } from './domains/dictation/dictation-config.ts';
import { imagesConfigModule } from './domains/images/images-config.ts';
import { modelsConfigModule } from './domains/models/models-config.ts';
import { paymentsConfigModule } from './domains/payments/payments-config.ts';
import { providersConfigModule } from './domains/providers/provider-credentials.ts';
import { speechConfigModule } from './domains/speech/speech-config.ts';
import { speechProvidersConfigModule } from './domains/providers/speech/cloud-speech-config.ts';
import { uploadsConfigModule } from './domains/uploads/uploads-config.ts';
import { musicConfigModule } from './domains/music/music-config.ts';
import { officeConfigModule } from './domains/office/office-config.ts';
import { ocrConfigModule } from './domains/providers/ocr/ocr-config.ts';
import { visionConfigModule } from './domains/vision/vision-config.ts';
import { writerConfigModule } from './domains/writer/writer-config.ts';
import { voiceConfigModule } from './domains/voice/voice-config.ts';
import { webauthnConfigModule } from './domains/webauthn/webauthn-config.ts';
import { jobsConfigModule } from './jobs/jobs-config.ts';
import { mailConfigModule } from './mail/mail-config.ts';
import { storageConfigModule } from './storage/storage-config.ts';

/**
 * The one module that reads the environment. Each concern owns its variables, their checks and
 * its part of `Config` in its own configuration module (env/config-module.ts says what one
 * exports); this assembler only joins them, in this order: the order apps/api/CONFIG.md's
 * "Configuration modules" table lists them in, and the order problems are reported in.
 * Everything else receives a validated `Config`; lower layers import their own module's types,
 * never this file.
 */
const modules = [
  serverConfigModule,
  observabilityConfigModule,
  databaseConfigModule,
  redisConfigModule,
  jobsConfigModule,
  storageConfigModule,
  mailConfigModule,
  geolocationConfigModule,
  rateLimitsConfigModule,
  authConfigModule,
  identityConfigModule,
  providersConfigModule,
  modelsConfigModule,
  uploadsConfigModule,
  chatConfigModule,
  speechConfigModule,
  speechProvidersConfigModule,
  dictationConfigModule,
  imagesConfigModule,
  voiceConfigModule,
  musicConfigModule,
  ocrConfigModule,
  visionConfigModule,
  officeConfigModule,
  writerConfigModule,
  paymentsConfigModule,
  webauthnConfigModule,
] as const;

/** Every module's part, joined into one object type (a union of parts turned into their intersection). */
type Joined<Part> = (Part extends unknown ? (part: Part) => void : never) extends (
  part: infer All,
) => void
  ? All
  : never;

/** The modules' parts, joined. */
type Parts = Joined<ReturnType<(typeof modules)[number]['toConfig']>>;

export type Config = Parts & {
  /** Things worth a warning at start (not errors): logged once by the app. */
  warnings: string[];
  /** Each meter of the tool manifest with its daily limits: what plans and pricing list. */
  dailyLimitsByMeter: DailyLimitsByMeter;
};

/**
 * Each meter's daily limits from the module of the tool that counts it: a tool that brings a
 * meter adds it here (a meter left out is a type error), so billing never lists tools itself.
 */
function dailyLimitsByMeter(parts: Parts): DailyLimitsByMeter {
  return {
    chat: parts.chat.dailyLimits,
    images: parts.images.dailyLimits,
    speech: parts.voice.dailyLimits,
    transcription: parts.dictation.dailyLimits,
    music: parts.music.dailyLimits,
    vision: parts.vision.dailyLimits,
    pages: parts.office.dailyLimits,
    writing: parts.writer.dailyLimits,
  };
}

/**
 * Each variable once: modules may share one (the tools read the provider layer's keys and
 * addresses to tell which of their models can work).
 */
export const configVariables = [
  ...new Set(modules.flatMap((module) => Object.keys(module.schema.shape))),
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      [
        'Invalid configuration (see apps/api/CONFIG.md):',
        ...problems.map((problem) => `  - ${problem}`),
      ].join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/** Any module: the loop below only hands each one the variables its own schema parsed. */
type AnyConfigModule = ConfigModule<z.ZodObject, object>;

/**
 * Validates the environment and returns the configuration, or throws a ConfigError listing
 * every problem at once. Unset and empty variables both mean "use the default".
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    configVariables.flatMap((name) => {
      const value = source[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  // Every variable's shape first: the checks across variables rely on the shapes being right.
  const results = modules.map((module: AnyConfigModule) => ({
    module,
    parsed: module.schema.safeParse(present),
  }));
  // A shared variable's bad shape is reported once, not by every module that reads it.
  const issues = [
    ...new Set(
      results.flatMap(({ parsed }) =>
        parsed.success
          ? []
          : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`),
      ),
    ),
  ];
  if (issues.length > 0) throw new ConfigError(issues);
  const checked = results.flatMap(({ module, parsed }) =>
    parsed.success ? [{ module, env: parsed.data }] : [],
  );

  const context = configContext(serverConfigModule.schema.parse(present));
  const problems = checked.flatMap(({ module, env }) => module.problems?.(env, context) ?? []);
  if (problems.length > 0) throw new ConfigError(problems);

  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  const parts = Object.assign(
    {},
    ...checked.map(({ module, env }) => module.toConfig(env, context, warn)),
  ) as Parts;
  return { ...parts, warnings, dailyLimitsByMeter: dailyLimitsByMeter(parts) };
}
