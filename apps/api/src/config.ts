import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  type LocalModelConfig,
  localModelGpus,
  parseLocalModelConfig,
} from './domains/models/local/local-model-config.ts';
import { type ModelsConfig, parseModelsConfig } from './domains/models/models-config.ts';
import {
  type PaymentsConfig,
  parsePaymentsConfig,
  paymentsModes,
} from './domains/payments/payments-config.ts';
import { parseWebauthnConfig, type WebauthnConfig } from './domains/webauthn/webauthn-config.ts';

/**
 * The one module that reads the environment. Everything else receives a validated `Config`.
 * CONFIG.md documents every variable; keep the two in step.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export const nodeEnvs = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof nodeEnvs)[number];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export type DatabaseConfig =
  { driver: 'sqlite'; file: string } | { driver: 'postgres'; url: string; schema: string };

export interface RateLimitConfig {
  max: number;
  windowMs: number;
}

/** The API's own (first-party) sign-in: password and e-mail code. */
export interface AuthConfig {
  /**
   * AUTH_SECRET: the root the first-party token keys are derived from (HKDF): the Ed25519 key
   * that signs access tokens and the HMAC key for one-time codes.
   */
  secret: string;
  /** `iss` of first-party access tokens: PUBLIC_URL. */
  issuer: string;
  /** `aud` of first-party access tokens. */
  audience: string;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a sign-in (a refresh-token family); rotation never extends it. */
  sessionTtlSeconds: number;
  /** A refresh token unused for this long is dead. */
  sessionIdleSeconds: number;
}

/**
 * The external identity service (Google, Microsoft, Apple through MSAL), or null when only
 * first-party sign-in is offered. `sandbox` is apps/sandbox's OpenID Connect provider, mounted
 * by the API under /sandbox/oidc.
 */
export interface IdentityConfig {
  mode: 'sandbox' | 'aad' | 'oidc';
  /** Expected `iss` of its access tokens. */
  issuer: string;
  /** Expected `aud` of its access tokens (the API's application id or resource). */
  audience: string;
  /** Where its signing keys are; null: discovered from `${issuer}/.well-known/openid-configuration`. */
  jwksUri: string | null;
  /** Accepted signature algorithms (asymmetric only). */
  algorithms: string[];
  /** The SPA's MSAL settings. */
  clientId: string;
  authority: string;
  resetPasswordAuthority: string | null;
  knownAuthorities: string[];
  scopes: string[];
  /** Whether the provider's `email` claim is trusted as verified when it has no email_verified claim (B2C). */
  trustEmailClaim: boolean;
}

/** Chat quotas and provider patience. */
export interface ChatConfig {
  /** Messages per UTC day: visitors (per hashed IP address), free and pro users (per account). */
  dailyLimits: { visitor: number; free: number; pro: number; godmode: number };
  /**
   * The total cap: how long one model answer (or rewrite) may take, however steadily it streams,
   * before it is abandoned with a timeout error (CHAT_TIMEOUT_SECONDS).
   */
  timeoutMs: number;
  /**
   * How long a streamed answer may go without a new piece (CHAT_IDLE_TIMEOUT_SECONDS): a provider
   * that goes silent is given up long before the total cap.
   */
  idleTimeoutMs: number;
}

/** Chat image uploads (POST /api/chat/upload): limits, and where the files are kept. */
export interface UploadsConfig {
  /** `${DATA_DIR}/uploads` */
  dir: string;
  maxBytes: number;
  /** Width × height, checked before decoding (decompression bombs) and by sharp while decoding. */
  maxPixels: number;
  /** The longest side, in pixels. */
  maxSide: number;
}

export const speechEngines = ['espeak', 'openai', 'none'] as const;
export type SpeechEngineName = (typeof speechEngines)[number];

/** Spoken replies: which engine speaks, and its limits. */
export interface SpeechConfig {
  engine: SpeechEngineName;
  /** openai: up to and including /v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /** Longer replies are cut at the last sentence end that fits. */
  maxCharacters: number;
}

export interface Config {
  env: NodeEnv;
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Origin the product is reached at (links in e-mails, Secure cookies, HSTS). No trailing slash. */
  publicUrl: string;
  isHttps: boolean;
  /** Fastify's `trustProxy`: which hops may set X-Forwarded-For / -Proto. */
  trustProxy: boolean | number | string[];
  dataDir: string;
  database: DatabaseConfig;
  webDistDir: string;
  localesDir: string;
  mail: { smtpUrl: string | null; from: string; supportAddress: string };
  /** The development mailbox (/dev/mailbox): never in production, only when mail goes to the outbox. */
  devMailbox: boolean;
  csrfSecret: string;
  /** Lower-cased header a trusted proxy sets to the visitor's country (e.g. cf-ipcountry). */
  trustedCountryHeader: string | null;
  geolocationServices: string[];
  /** Per client IP and route; `auth` covers the sign-in endpoints (login, codes, reset, register). */
  rateLimits: { forms: RateLimitConfig; api: RateLimitConfig; auth: RateLimitConfig };
  auth: AuthConfig;
  identity: IdentityConfig | null;
  /** The chat models (CHAT_MODELS) and their providers' keys and base URLs. */
  models: ModelsConfig;
  /** The embedded GGUF model run by node-llama-cpp (LOCAL_MODEL*). */
  localModel: LocalModelConfig;
  chat: ChatConfig;
  uploads: UploadsConfig;
  speech: SpeechConfig;
  /** Plans and payments: the price catalogue, VNPay and PayPal (domains/payments/payments-config.ts). */
  payments: PaymentsConfig;
  /** Passkeys (WebAuthn): relying party ID, name and origins (domains/webauthn/webauthn-config.ts). */
  webauthn: WebauthnConfig;
  /** Things worth a warning at start (not errors): logged once by the app. */
  warnings: string[];
}

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

const secretAdvice = 'generate one with: openssl rand -base64 48';
const placeholderFragments = [
  'changeme',
  'change-me',
  'change_me',
  'replaceme',
  'replace-me',
  'replace_me',
  'placeholder',
  'your-secret',
  'your_secret',
  'yoursecret',
  'example',
  'dummy',
  'insecure',
  'default',
];

/** Why a secret is not good enough, or null when it is. Never echoes the secret. */
export function secretWeakness(secret: string): string | null {
  if (secret.length < 32) return `must be at least 32 characters; ${secretAdvice}`;
  const lower = secret.toLowerCase();
  if (placeholderFragments.some((fragment) => lower.includes(fragment))) {
    return `looks like a placeholder; ${secretAdvice}`;
  }
  if (new Set(secret).size < 10) return `is too repetitive to be a secret; ${secretAdvice}`;
  return null;
}

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const isHttpUrl = (url: URL | null): url is URL =>
  url !== null && (url.protocol === 'http:' || url.protocol === 'https:');

const publicUrlSchema = z.string().transform((value, ctx) => {
  const url = parseUrl(value);
  if (!isHttpUrl(url) || url.username || url.password || url.search || url.hash) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an http(s) URL such as https://studio.example',
    });
    return z.NEVER;
  }
  if (url.pathname !== '/') {
    ctx.addIssue({ code: 'custom', message: 'must be an origin without a path' });
    return z.NEVER;
  }
  return url.origin;
});

/** proxy-addr accepts IPs, CIDR ranges and these named ranges. */
const namedProxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (namedProxyRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  return isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d+$/.test(prefix));
};

const trustProxySchema = z.string().transform((value, ctx) => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be true, false, a hop count, or a comma list of proxy IPs/CIDR ranges',
  });
  return z.NEVER;
});

const geolocationServicesSchema = z.string().transform((value, ctx) => {
  const templates = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // `{ip}` is filled in by the client; check the template with a documentation address.
  const invalid = templates.filter((t) => !isHttpUrl(parseUrl(t.replaceAll('{ip}', '192.0.2.1'))));
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma list of http(s) URL templates; not valid: ${invalid.join(', ')}`,
    });
    return z.NEVER;
  }
  return templates;
});

const httpsUrlSchema = z
  .string()
  .refine((value) => parseUrl(value)?.protocol === 'https:', 'must be an https:// URL');
const httpUrlSchema = z
  .string()
  .refine((value) => isHttpUrl(parseUrl(value)), 'must be an http(s) URL');
const commaListSchema = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);
const spaceOrCommaListSchema = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean));
/** Asymmetric only: an HMAC algorithm would let anyone holding the public key forge tokens. */
const asymmetricAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

const emailAddress = z.email('must be an e-mail address');
/** `Name <address>` or a bare address, on one line. */
const mailboxSchema = z.string().refine((value) => {
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && emailAddress.safeParse(address).success;
}, 'must be an e-mail address, optionally as "Name <address>"');

const envSchema = z.object({
  NODE_ENV: z.enum(nodeEnvs, { error: 'must be development, test or production' }).optional(),
  PORT: wholeNumber(1, 65535).optional(),
  HOST: z.string().optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .refine(
      (value) => /^postgres(ql)?:$/.test(parseUrl(value)?.protocol ?? ''),
      'must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)',
    )
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier')
    .optional(),
  PUBLIC_URL: publicUrlSchema.optional(),
  TRUST_PROXY: trustProxySchema.optional(),
  TRUSTED_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name such as CF-IPCountry')
    .transform((name) => name.toLowerCase())
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOCALES_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .refine(
      (value) => /^smtps?:$/.test(parseUrl(value)?.protocol ?? ''),
      'must be an smtp:// or smtps:// URL',
    )
    .optional(),
  MAIL_FROM: mailboxSchema.optional(),
  SUPPORT_EMAIL: emailAddress.optional(),
  CSRF_SECRET: z.string().optional(),
  GEOLOCATION_SERVICES: geolocationServicesSchema.optional(),
  RATE_LIMIT_FORMS_MAX: wholeNumber(1, 100_000).optional(),
  RATE_LIMIT_FORMS_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
  RATE_LIMIT_API_MAX: wholeNumber(1, 1_000_000).optional(),
  RATE_LIMIT_API_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
  RATE_LIMIT_AUTH_MAX: wholeNumber(1, 100_000).optional(),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
  AUTH_SECRET: z.string().optional(),
  AUTH_ACCESS_TOKEN_MINUTES: wholeNumber(1, 60).optional(),
  AUTH_SESSION_DAYS: wholeNumber(1, 365).optional(),
  AUTH_SESSION_IDLE_DAYS: wholeNumber(1, 365).optional(),
  IDENTITY_PROVIDER: z
    .enum(['sandbox', 'aad', 'oidc', 'none'], { error: 'must be sandbox, aad, oidc or none' })
    .optional(),
  IDENTITY_CLIENT_ID: z.string().optional(),
  IDENTITY_AUTHORITY: httpsUrlSchema.optional(),
  IDENTITY_RESET_PASSWORD_AUTHORITY: httpsUrlSchema.optional(),
  IDENTITY_KNOWN_AUTHORITIES: commaListSchema.optional(),
  IDENTITY_SCOPES: spaceOrCommaListSchema.optional(),
  IDENTITY_ISSUER: httpUrlSchema.optional(),
  IDENTITY_AUDIENCE: z.string().optional(),
  IDENTITY_JWKS_URI: httpUrlSchema.optional(),
  IDENTITY_ALGORITHMS: commaListSchema
    .refine(
      (algorithms) => algorithms.every((alg) => asymmetricAlgorithms.includes(alg)),
      `must be a comma list of ${asymmetricAlgorithms.join(', ')}`,
    )
    .optional(),
  IDENTITY_TRUST_EMAIL_CLAIM: z.enum(['true', 'false']).optional(),
  ALLOW_SANDBOX_IN_PRODUCTION: z.enum(['true', 'false']).optional(),
  // Checked in depth by domains/models/models-config.ts (JSON, providers, keys).
  CHAT_MODELS: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: httpUrlSchema.optional(),
  OPENAI_COMPATIBLE_BASE_URL: httpUrlSchema.optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  OPENAI_COMPATIBLE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, 'must be 1–40 letters, digits or hyphens')
    .optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: httpUrlSchema.optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  GOOGLE_BASE_URL: httpUrlSchema.optional(),
  OLLAMA_BASE_URL: httpUrlSchema.optional(),
  // The embedded model (domains/models/local/local-model-config.ts).
  LOCAL_MODELS_DIR: z.string().optional(),
  LOCAL_MODEL: z.string().optional(),
  LOCAL_MODEL_CONTEXT_SIZE: wholeNumber(128, 1_048_576).optional(),
  LOCAL_MODEL_THREADS: wholeNumber(1, 1024).optional(),
  LOCAL_MODEL_GPU: z
    .enum(localModelGpus, { error: `must be one of ${localModelGpus.join(', ')}` })
    .optional(),
  LOCAL_MODEL_GPU_LAYERS: z
    .union([z.enum(['max', 'auto']), wholeNumber(0, 10_000)], {
      error: 'must be max, auto or a whole number of layers',
    })
    .optional(),
  LOCAL_MODEL_PRELOAD: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  LOCAL_MODEL_QUEUE_MAX: wholeNumber(0, 10_000).optional(),
  UPLOAD_MAX_BYTES: wholeNumber(1024, 100 * 1024 * 1024).optional(),
  UPLOAD_MAX_MEGAPIXELS: wholeNumber(1, 250).optional(),
  UPLOAD_MAX_SIDE: wholeNumber(16, 16_383).optional(),
  CHAT_DAILY_LIMIT_VISITOR: wholeNumber(0, 1_000_000).optional(),
  CHAT_DAILY_LIMIT_FREE: wholeNumber(0, 1_000_000).optional(),
  CHAT_DAILY_LIMIT_PRO: wholeNumber(0, 1_000_000).optional(),
  CHAT_DAILY_LIMIT_GODMODE: wholeNumber(0, 1_000_000).optional(),
  CHAT_TIMEOUT_SECONDS: wholeNumber(1, 86_400).optional(),
  CHAT_IDLE_TIMEOUT_SECONDS: wholeNumber(1, 3_600).optional(),
  SPEECH_ENGINE: z
    .enum(speechEngines, { error: `must be one of ${speechEngines.join(', ')}` })
    .optional(),
  SPEECH_BASE_URL: httpUrlSchema.optional(),
  SPEECH_API_KEY: z.string().optional(),
  SPEECH_MODEL: z.string().min(1).max(100).optional(),
  SPEECH_TIMEOUT_SECONDS: wholeNumber(1, 600).optional(),
  SPEECH_MAX_CHARACTERS: wholeNumber(100, 20_000).optional(),
  // Checked in depth by domains/payments/payments-config.ts (JSON, decimals, credentials).
  PRICING_CATALOG: z.string().optional(),
  PAYMENTS_PROVIDER_MODE: z
    .enum(paymentsModes, { error: `must be one of ${paymentsModes.join(', ')}` })
    .optional(),
  VNPAY_TMN_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{8}$/, 'must be the 8-character terminal code VNPay issued')
    .optional(),
  VNPAY_HASH_SECRET: z.string().min(8, 'must be the hash secret VNPay issued').optional(),
  VNPAY_PAYMENT_URL: httpsUrlSchema.optional(),
  VNPAY_API_URL: httpsUrlSchema.optional(),
  VNPAY_LOCALE: z.enum(['vn', 'en'], { error: 'must be vn or en' }).optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_BASE: httpsUrlSchema.optional(),
  PAYPAL_BRAND_NAME: z.string().min(1).max(127).optional(),
  PAYMENTS_RECONCILE_INTERVAL_SECONDS: wholeNumber(0, 86_400).optional(),
  PAYMENTS_PENDING_QUERY_AFTER_SECONDS: wholeNumber(10, 86_400).optional(),
  PAYMENTS_EXPIRE_AFTER_MINUTES: wholeNumber(15, 10_080).optional(),
  // Checked in depth by domains/webauthn/webauthn-config.ts (IP addresses, origins, suffixes).
  WEBAUTHN_RP_ID: z.string().optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).max(64, 'must be at most 64 characters').optional(),
  WEBAUTHN_ORIGINS: commaListSchema.optional(),
});
type Env = z.output<typeof envSchema>;

export const configVariables = Object.keys(envSchema.shape) as (keyof Env)[];

/** OpenAI itself needs a key; a self-hosted compatible service (SPEECH_BASE_URL) may not. */
function speechProblems(env: Env): string[] {
  if (env.SPEECH_ENGINE !== 'openai' || env.SPEECH_API_KEY || env.SPEECH_BASE_URL) return [];
  return ['SPEECH_API_KEY: is required when SPEECH_ENGINE=openai and SPEECH_BASE_URL is not set'];
}

/** aad and oidc need the provider's coordinates; sandbox and none need nothing. */
function identityProblems(env: Env): string[] {
  const mode = env.IDENTITY_PROVIDER;
  if (mode !== 'aad' && mode !== 'oidc') return [];
  const required = [
    ['IDENTITY_CLIENT_ID', env.IDENTITY_CLIENT_ID],
    ['IDENTITY_AUTHORITY', env.IDENTITY_AUTHORITY],
    ['IDENTITY_SCOPES', env.IDENTITY_SCOPES],
    ['IDENTITY_ISSUER', env.IDENTITY_ISSUER],
    ['IDENTITY_AUDIENCE', env.IDENTITY_AUDIENCE],
  ] as const;
  const problems = required
    .filter(([, value]) => value === undefined)
    .map(([name]) => `${name}: is required when IDENTITY_PROVIDER=${mode}`);
  if (mode === 'aad' && env.IDENTITY_AUTHORITY !== undefined) {
    // B2C: https://<tenant>.b2clogin.com/<tenant>.onmicrosoft.com/<policy>; External ID: *.ciamlogin.com.
    const url = new URL(env.IDENTITY_AUTHORITY);
    const segments = url.pathname.split('/').filter(Boolean);
    const b2c = url.hostname.endsWith('.b2clogin.com') && segments.length >= 2;
    const externalId = url.hostname.endsWith('.ciamlogin.com') && segments.length >= 1;
    if (!b2c && !externalId && url.hostname !== 'login.microsoftonline.com') {
      problems.push(
        'IDENTITY_AUTHORITY: for aad, must be https://<tenant>.b2clogin.com/<tenant>.onmicrosoft.com/<policy>, https://<tenant>.ciamlogin.com/<tenant id> or https://login.microsoftonline.com/<tenant>',
      );
    }
  }
  return problems;
}

/** Production refuses what development tolerates. */
function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (env.CSRF_SECRET === undefined) {
    problems.push(`CSRF_SECRET: is required when NODE_ENV=production; ${secretAdvice}`);
  }
  if (env.PUBLIC_URL === undefined) {
    problems.push(
      'PUBLIC_URL: is required when NODE_ENV=production (the address users reach, e.g. https://studio.example)',
    );
  }
  if (env.AUTH_SECRET === undefined) {
    problems.push(`AUTH_SECRET: is required when NODE_ENV=production; ${secretAdvice}`);
  }
  if (env.IDENTITY_PROVIDER === 'sandbox' && env.ALLOW_SANDBOX_IN_PRODUCTION !== 'true') {
    problems.push(
      'IDENTITY_PROVIDER: the sandbox identity provider lets anyone sign in as a test identity; it is refused when NODE_ENV=production (use aad, oidc or none; end-to-end test rigs may set ALLOW_SANDBOX_IN_PRODUCTION=true)',
    );
  }
  if (env.SMTP_URL !== undefined) {
    if (env.MAIL_FROM === undefined) {
      problems.push('MAIL_FROM: is required when SMTP_URL is set in production');
    }
    if (env.SUPPORT_EMAIL === undefined) {
      problems.push('SUPPORT_EMAIL: is required when SMTP_URL is set in production');
    }
  }
  return problems;
}

function defaultPublicUrl(host: string, port: number): string {
  // Loopback and wildcard addresses are reached as "localhost": browsers treat it as a secure
  // context and accept it as a WebAuthn RP ID, which an IP address never is.
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(host);
  const name = local ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** PUBLIC_URL, or where HOST and PORT are reached from this machine. */
function publicUrlOf(env: Env): string {
  return env.PUBLIC_URL ?? defaultPublicUrl(env.HOST ?? '127.0.0.1', env.PORT ?? 8080);
}

const defaultGeolocationServices = ['https://ipapi.co/json/', 'https://ipwho.is/'];

function toConfig(env: Env): Config {
  const warnings: string[] = [];
  const nodeEnv = env.NODE_ENV ?? 'development';
  const host = env.HOST ?? '127.0.0.1';
  const port = env.PORT ?? 8080;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const webDistDir = path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'));
  const builtLocales = path.join(webDistDir, 'locales');
  const localesDir = path.resolve(
    env.LOCALES_DIR ??
      (existsSync(builtLocales) ? builtLocales : path.join(repoRoot, 'apps/web/public/locales')),
  );
  const publicUrl = publicUrlOf(env);

  let csrfSecret = env.CSRF_SECRET;
  if (csrfSecret === undefined) {
    csrfSecret = randomBytes(48).toString('base64url');
    warnings.push(
      'CSRF_SECRET is not set: using a random secret for this process (browsers get a new XSRF-TOKEN cookie after a restart).',
    );
  }
  let authSecret = env.AUTH_SECRET;
  if (authSecret === undefined) {
    authSecret = randomBytes(48).toString('base64url');
    warnings.push(
      'AUTH_SECRET is not set: using a random secret for this process (everyone is signed out when it restarts).',
    );
  }
  if (env.SMTP_URL === undefined) {
    warnings.push(
      nodeEnv === 'production'
        ? 'SMTP_URL is not set: e-mail is kept in the mail_outbox table and NOT delivered.'
        : 'SMTP_URL is not set: e-mail goes to the outbox; read it at /dev/mailbox.',
    );
  }

  return {
    env: nodeEnv,
    isProduction: nodeEnv === 'production',
    host,
    port,
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl,
    isHttps: publicUrl.startsWith('https:'),
    trustProxy: env.TRUST_PROXY ?? false,
    dataDir,
    database: env.DATABASE_URL
      ? { driver: 'postgres', url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA ?? 'public' }
      : { driver: 'sqlite', file: path.join(dataDir, 'studio.sqlite') },
    webDistDir,
    localesDir,
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? 'AI Studio <no-reply@aistudio.example>',
      supportAddress: env.SUPPORT_EMAIL ?? 'support@aistudio.example',
    },
    devMailbox: nodeEnv !== 'production' && env.SMTP_URL === undefined,
    csrfSecret,
    trustedCountryHeader: env.TRUSTED_COUNTRY_HEADER ?? null,
    geolocationServices: env.GEOLOCATION_SERVICES ?? defaultGeolocationServices,
    rateLimits: {
      forms: {
        max: env.RATE_LIMIT_FORMS_MAX ?? 5,
        windowMs: (env.RATE_LIMIT_FORMS_WINDOW_SECONDS ?? 600) * 1000,
      },
      api: {
        max: env.RATE_LIMIT_API_MAX ?? 300,
        windowMs: (env.RATE_LIMIT_API_WINDOW_SECONDS ?? 60) * 1000,
      },
      auth: {
        max: env.RATE_LIMIT_AUTH_MAX ?? 10,
        windowMs: (env.RATE_LIMIT_AUTH_WINDOW_SECONDS ?? 300) * 1000,
      },
    },
    auth: {
      secret: authSecret,
      issuer: publicUrl,
      audience: `${publicUrl}/api`,
      accessTokenTtlSeconds: (env.AUTH_ACCESS_TOKEN_MINUTES ?? 15) * 60,
      sessionTtlSeconds: (env.AUTH_SESSION_DAYS ?? 30) * 86_400,
      sessionIdleSeconds: (env.AUTH_SESSION_IDLE_DAYS ?? 7) * 86_400,
    },
    identity: identityConfig(env, nodeEnv, publicUrl, warnings),
    models: modelsConfig(env, warnings),
    localModel: localModelSettings(env).config,
    uploads: {
      dir: path.join(dataDir, 'uploads'),
      maxBytes: env.UPLOAD_MAX_BYTES ?? 10 * 1024 * 1024,
      maxPixels: (env.UPLOAD_MAX_MEGAPIXELS ?? 40) * 1_000_000,
      maxSide: env.UPLOAD_MAX_SIDE ?? 8192,
    },
    chat: {
      dailyLimits: {
        visitor: env.CHAT_DAILY_LIMIT_VISITOR ?? 20,
        free: env.CHAT_DAILY_LIMIT_FREE ?? 100,
        pro: env.CHAT_DAILY_LIMIT_PRO ?? 2000,
        godmode: env.CHAT_DAILY_LIMIT_GODMODE ?? 10_000,
      },
      // The total cap was the only clock (120 s) until replies got an idle clock: a long answer
      // that keeps streaming is no longer cut at two minutes.
      timeoutMs: (env.CHAT_TIMEOUT_SECONDS ?? 600) * 1000,
      idleTimeoutMs: (env.CHAT_IDLE_TIMEOUT_SECONDS ?? 60) * 1000,
    },
    speech: {
      engine: env.SPEECH_ENGINE ?? 'espeak',
      baseUrl: env.SPEECH_BASE_URL ?? 'https://api.openai.com/v1',
      apiKey: env.SPEECH_API_KEY || null,
      model: env.SPEECH_MODEL ?? 'gpt-4o-mini-tts',
      timeoutMs: (env.SPEECH_TIMEOUT_SECONDS ?? 30) * 1000,
      maxCharacters: env.SPEECH_MAX_CHARACTERS ?? 2000,
    },
    payments: paymentsConfig(env, publicUrl, warnings),
    webauthn: webauthnConfig(env, publicUrl, warnings),
    warnings,
  };
}

/** The sandbox provider's fixed coordinates: apps/sandbox serves it under this path. */
export const sandboxIdentityPath = '/sandbox/oidc';
export const sandboxIdentityClientId = 'studio-web';
export const sandboxIdentityScope = 'api.access';

function identityConfig(
  env: Env,
  nodeEnv: NodeEnv,
  publicUrl: string,
  warnings: string[],
): IdentityConfig | null {
  const mode = env.IDENTITY_PROVIDER ?? (nodeEnv === 'production' ? 'none' : 'sandbox');
  if (mode === 'none') return null;
  if (mode === 'sandbox' && nodeEnv === 'production') {
    warnings.push(
      'IDENTITY_PROVIDER=sandbox in production (ALLOW_SANDBOX_IN_PRODUCTION=true): anyone can sign in as a sandbox test identity. Never do this on a public server.',
    );
  }
  if (mode === 'sandbox') {
    const issuer = `${publicUrl}${sandboxIdentityPath}`;
    return {
      mode,
      issuer,
      audience: `${publicUrl}/api`,
      jwksUri: `${issuer}/jwks`,
      algorithms: ['RS256'],
      clientId: sandboxIdentityClientId,
      // MSAL insists on an https authority; it is never contacted because the SPA is handed the
      // provider's metadata (identity.md, way (b)). The host keeps the port MSAL compares with.
      authority: `https://${new URL(publicUrl).host}${sandboxIdentityPath}`,
      resetPasswordAuthority: null,
      knownAuthorities: [new URL(publicUrl).host],
      scopes: [sandboxIdentityScope],
      trustEmailClaim: false,
    };
  }
  // identityProblems() has made sure these are present.
  const required = (value: string | undefined) => value ?? '';
  return {
    mode,
    issuer: required(env.IDENTITY_ISSUER),
    audience: required(env.IDENTITY_AUDIENCE),
    jwksUri: env.IDENTITY_JWKS_URI ?? null,
    algorithms: env.IDENTITY_ALGORITHMS ?? ['RS256'],
    clientId: required(env.IDENTITY_CLIENT_ID),
    authority: required(env.IDENTITY_AUTHORITY),
    resetPasswordAuthority: env.IDENTITY_RESET_PASSWORD_AUTHORITY ?? null,
    knownAuthorities: env.IDENTITY_KNOWN_AUTHORITIES ?? [
      new URL(required(env.IDENTITY_AUTHORITY)).host,
    ],
    scopes: env.IDENTITY_SCOPES ?? [],
    trustEmailClaim: env.IDENTITY_TRUST_EMAIL_CLAIM === 'true',
  };
}

function localModelSettings(env: Env) {
  return parseLocalModelConfig(env, {
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
    nodeEnv: env.NODE_ENV ?? 'development',
  });
}

function modelsSettings(env: Env) {
  const local = localModelSettings(env).config;
  return parseModelsConfig(env, {
    production: env.NODE_ENV === 'production',
    allowSandboxInProduction: env.ALLOW_SANDBOX_IN_PRODUCTION === 'true',
    local: { modelsDir: local.dir, file: local.file },
  });
}

function modelsConfig(env: Env, warnings: string[]): ModelsConfig {
  const parsed = modelsSettings(env);
  warnings.push(...parsed.warnings);
  return parsed.config;
}

function paymentsConfig(env: Env, publicUrl: string, warnings: string[]): PaymentsConfig {
  const parsed = parsePaymentsConfig(env, publicUrl);
  warnings.push(...parsed.warnings);
  return parsed.config;
}

function webauthnConfig(env: Env, publicUrl: string, warnings: string[]): WebauthnConfig {
  const parsed = parseWebauthnConfig(env, publicUrl);
  warnings.push(...parsed.warnings);
  return parsed.config;
}

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
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems = [
    ...productionProblems(env),
    ...identityProblems(env),
    ...modelsSettings(env).problems,
    ...localModelSettings(env).problems,
    ...speechProblems(env),
    // Problems do not depend on the public URL (it only places the sandbox emulators).
    ...parsePaymentsConfig(env, '').problems,
    ...parseWebauthnConfig(env, publicUrlOf(env)).problems,
  ];
  const weakness = env.CSRF_SECRET === undefined ? null : secretWeakness(env.CSRF_SECRET);
  if (weakness) problems.push(`CSRF_SECRET: ${weakness}`);
  const authWeakness = env.AUTH_SECRET === undefined ? null : secretWeakness(env.AUTH_SECRET);
  if (authWeakness) problems.push(`AUTH_SECRET: ${authWeakness}`);
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(env);
}
