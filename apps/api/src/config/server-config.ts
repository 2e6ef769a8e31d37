import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type ConfigContext, configModule, nodeEnvs } from '../env/config-module.ts';
import {
  isHttpUrl,
  parseUrl,
  secretOrRandom,
  secretProblems,
  wholeNumber,
} from '../env/variables.ts';

/**
 * The server itself: its mode, where it listens and is reached, the proxies in front of it,
 * where its files are, and the secret of its CSRF tokens. Every other module's context
 * (configContext below) comes from these variables.
 */

/**
 * The repository (or the production tree build-production.mjs lays out the same way): two levels
 * above the API package, whose package.json is the nearest one above this module, whether it
 * runs as source (src/config) or bundled (dist).
 */
function findRepoRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${import.meta.dirname}`);
    dir = parent;
  }
  return path.resolve(dir, '../..');
}

const repoRoot = findRepoRoot();

const defaultHost = '127.0.0.1';
const defaultPort = 8080;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface ServerConfig {
  env: ConfigContext['nodeEnv'];
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Origin the product is reached at (links in e-mails, Secure cookies, HSTS). No trailing slash. */
  publicUrl: string;
  isHttps: boolean;
  /** Fastify's `trustProxy`: which hops may set X-Forwarded-For / -Proto. */
  trustProxy: boolean | number | string[];
  /** Lower-cased header a trusted proxy sets to the visitor's country (e.g. cf-ipcountry). */
  trustedCountryHeader: string | null;
  dataDir: string;
  webDistDir: string;
  localesDir: string;
  csrfSecret: string;
  /**
   * On SIGTERM: how long running replies and jobs may take to finish before the process ends
   * them (jobs then go back to the queue).
   */
  shutdownGraceMs: number;
  /**
   * This process's name among the deployment's instances: sent as X-Instance on every response
   * and kept with the replies it writes. INSTANCE_NAME, or a random name per start.
   */
  instanceName: string;
}

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

const schema = z.object({
  NODE_ENV: z.enum(nodeEnvs, { error: 'must be development, test or production' }).optional(),
  ALLOW_SANDBOX_IN_PRODUCTION: z.enum(['true', 'false']).optional(),
  PORT: wholeNumber(1, 65535).optional(),
  HOST: z.string().optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).optional(),
  DATA_DIR: z.string().optional(),
  PUBLIC_URL: publicUrlSchema.optional(),
  TRUST_PROXY: trustProxySchema.optional(),
  TRUSTED_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name such as CF-IPCountry')
    .transform((name) => name.toLowerCase())
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOCALES_DIR: z.string().optional(),
  CSRF_SECRET: z.string().optional(),
  SHUTDOWN_GRACE_SECONDS: wholeNumber(0, 3600).optional(),
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'must be 1 to 40 letters, digits, dots, dashes or underscores')
    .optional(),
});
type ServerEnv = z.output<typeof schema>;

function defaultPublicUrl(host: string, port: number): string {
  // Loopback and wildcard addresses are reached as "localhost": browsers treat it as a secure
  // context and accept it as a WebAuthn RP ID, which an IP address never is.
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(host);
  const name = local ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** What the other modules may know: the mode, the public URL and the data directory. */
export function configContext(env: ServerEnv): ConfigContext {
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    nodeEnv,
    production: nodeEnv === 'production',
    allowSandboxInProduction: env.ALLOW_SANDBOX_IN_PRODUCTION === 'true',
    // PUBLIC_URL, or where HOST and PORT are reached from this machine.
    publicUrl: env.PUBLIC_URL ?? defaultPublicUrl(env.HOST ?? defaultHost, env.PORT ?? defaultPort),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
  };
}

export const serverConfigModule = configModule({
  schema,
  problems: (env, context) => [
    ...secretProblems('CSRF_SECRET', env.CSRF_SECRET, context),
    ...(context.production && env.PUBLIC_URL === undefined
      ? [
          'PUBLIC_URL: is required when NODE_ENV=production (the address users reach, e.g. https://studio.example)',
        ]
      : []),
  ],
  toConfig: (env, context, warn): ServerConfig => {
    const webDistDir = path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'));
    const builtLocales = path.join(webDistDir, 'locales');
    return {
      env: context.nodeEnv,
      isProduction: context.production,
      host: env.HOST ?? defaultHost,
      port: env.PORT ?? defaultPort,
      logLevel: env.LOG_LEVEL ?? 'info',
      publicUrl: context.publicUrl,
      isHttps: context.publicUrl.startsWith('https:'),
      trustProxy: env.TRUST_PROXY ?? false,
      trustedCountryHeader: env.TRUSTED_COUNTRY_HEADER ?? null,
      dataDir: context.dataDir,
      webDistDir,
      localesDir: path.resolve(
        env.LOCALES_DIR ??
          (existsSync(builtLocales)
            ? builtLocales
            : path.join(repoRoot, 'apps/web/public/locales')),
      ),
      csrfSecret: secretOrRandom(
        env.CSRF_SECRET,
        warn,
        'CSRF_SECRET is not set: using a random secret for this process (browsers get a new XSRF-TOKEN cookie after a restart).',
      ),
      shutdownGraceMs: (env.SHUTDOWN_GRACE_SECONDS ?? 25) * 1000,
      // Random rather than the host name and pid: the header is public, the machine's name is not.
      instanceName: env.INSTANCE_NAME ?? randomBytes(4).toString('hex'),
    };
  },
});
