import { z } from 'zod';
import { identityClientConfig } from './auth.ts';

/** GET /api/health */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    driver: z.enum(['sqlite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/**
 * GET /config.json: the SPA's runtime configuration (§7: the API base URL comes from runtime
 * configuration, with a build-time fallback). Never holds a secret.
 */
export const runtimeConfig = z.object({
  apiBaseUrl: z.string(),
  environment: z.enum(['development', 'test', 'production']),
  /** True when the sandbox stands in for the outside services; the UI says so. */
  sandbox: z.boolean(),
  /** IP geolocation services tried in order for anonymous visitors (§7). */
  geolocationServices: z.array(z.string()),
  /** Development only: where the outbox mailbox page lives. */
  mailboxUrl: z.string().nullable(),
  /** The external identity service for Google, Microsoft and Apple; null when none is set up. */
  identity: identityClientConfig.nullable(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
