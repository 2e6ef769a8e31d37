import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { wholeNumber } from '../env/variables.ts';

/** Per client IP and route: the public forms, the other public reads, and the sign-in routes. */

export interface RateLimitConfig {
  max: number;
  windowMs: number;
}

export interface RateLimitsConfig {
  /** `auth` covers the sign-in endpoints (login, codes, reset, register). */
  rateLimits: { forms: RateLimitConfig; api: RateLimitConfig; auth: RateLimitConfig };
}

export const rateLimitsConfigModule = configModule({
  schema: z.object({
    RATE_LIMIT_FORMS_MAX: wholeNumber(1, 100_000).optional(),
    RATE_LIMIT_FORMS_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
    RATE_LIMIT_API_MAX: wholeNumber(1, 1_000_000).optional(),
    RATE_LIMIT_API_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
    RATE_LIMIT_AUTH_MAX: wholeNumber(1, 100_000).optional(),
    RATE_LIMIT_AUTH_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
  }),
  toConfig: (env): RateLimitsConfig => ({
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
  }),
});
