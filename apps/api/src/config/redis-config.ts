import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { parseUrl } from '../env/variables.ts';

/**
 * Redis, when the product runs as several processes: the job queue (BullMQ), the rate limits
 * and the job progress events are shared through it. Unset means one process: everything in
 * memory, nothing to install.
 */

export interface RedisConfig {
  redis: {
    /** redis:// or rediss:// with optional user, password and database number. */
    url: string;
    /** Prepended to every key, so several deployments (or test runs) can share one server. */
    keyPrefix: string;
  } | null;
}

const redisUrlSchema = z.string().refine((value) => {
  const url = parseUrl(value);
  return (
    url !== null && (url.protocol === 'redis:' || url.protocol === 'rediss:') && !!url.hostname
  );
}, 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379');

export const redisConfigModule = configModule({
  schema: z.object({
    REDIS_URL: redisUrlSchema.optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9_.-]{1,40}$/,
        'must be 1 to 40 letters, digits, dots, dashes or underscores',
      )
      .optional(),
  }),
  toConfig: (env): RedisConfig => ({
    redis: env.REDIS_URL
      ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX ?? 'studio' }
      : null,
  }),
});
