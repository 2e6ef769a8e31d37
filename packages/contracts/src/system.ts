import { z } from 'zod';
import { identityClientConfig } from './auth.ts';

/**
 * The embedded model (node-llama-cpp): `none` when no GGUF model is installed or configured,
 * `idle` before its first load, then `loading`, `ready` (in memory) or `error`.
 */
export const localModelStatuses = ['none', 'idle', 'loading', 'ready', 'error'] as const;
export const localModelHealth = z.object({
  status: z.enum(localModelStatuses),
  /** The model's own name (GGUF general.name), else its file name; null when none. */
  name: z.string().nullable(),
  /** The GGUF file's name inside the models directory. */
  file: z.string().nullable(),
  /** Memory the loaded model and its context hold (bytes); null when not loaded. */
  memoryBytes: z.number().nullable(),
  /** Replies generating (0 or 1: one at a time) and waiting. */
  active: z.number().int(),
  queued: z.number().int(),
  /** Why it failed to load (status error). */
  error: z.string().nullable(),
});
export type LocalModelHealth = z.infer<typeof localModelHealth>;

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
  localModel: localModelHealth,
  /**
   * The command that installs a real local model, while the sandbox model stands in for a
   * missing one (null otherwise): the operator's to run. Users are only told that replies come
   * from a demo model.
   */
  pullCommand: z.string().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/health/live: the process answers (an orchestrator restarts it when it does not). */
export const livenessResponse = z.object({ status: z.literal('live') });
export type LivenessResponse = z.infer<typeof livenessResponse>;

/** One outside system the server needs (database, redis, object-store), as the readiness probe saw it. */
export const readinessCheck = z.object({
  name: z.string(),
  ok: z.boolean(),
  /** Why it failed (a short message, never a secret); absent when ok. */
  error: z.string().optional(),
});

/**
 * GET /api/health/ready: whether this process should get traffic. `ready` with every check
 * passing; `unready` naming each failed check; `draining` while it shuts down (SIGTERM).
 */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'unready', 'draining']),
  checks: z.array(readinessCheck),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

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
