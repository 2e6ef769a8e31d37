import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

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
  rateLimits: { forms: RateLimitConfig; api: RateLimitConfig };
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
});
type Env = z.output<typeof envSchema>;

export const configVariables = Object.keys(envSchema.shape) as (keyof Env)[];

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
  const wildcard = host === '0.0.0.0' || host === '::';
  const name = wildcard ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
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
  const publicUrl = env.PUBLIC_URL ?? defaultPublicUrl(host, port);

  let csrfSecret = env.CSRF_SECRET;
  if (csrfSecret === undefined) {
    csrfSecret = randomBytes(48).toString('base64url');
    warnings.push(
      'CSRF_SECRET is not set: using a random secret for this process (browsers get a new XSRF-TOKEN cookie after a restart).',
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
    },
    warnings,
  };
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
  const problems = productionProblems(env);
  const weakness = env.CSRF_SECRET === undefined ? null : secretWeakness(env.CSRF_SECRET);
  if (weakness) problems.push(`CSRF_SECRET: ${weakness}`);
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(env);
}
