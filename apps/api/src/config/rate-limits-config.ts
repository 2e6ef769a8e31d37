import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { wholeNumber } from '../env/variables.ts';

/**
 * Per client IP and route: the public forms, the other public reads, and the sign-in routes;
 * and how many server-sent event streams (chat replies, job progress) may be open at once.
 */

export interface RateLimitConfig {
  max: number;
  windowMs: number;
}

export interface EventStreamLimits {
  /** Open at once per caller: a signed-in user, or a visitor's address (their keys are free). */
  perCaller: number;
  /** Open at once following one job, whoever follows it. */
  perJob: number;
}

export interface RateLimitsConfig {
  /** `auth` covers the sign-in endpoints (login, codes, reset, register). */
  rateLimits: { forms: RateLimitConfig; api: RateLimitConfig; auth: RateLimitConfig };
  eventStreams: EventStreamLimits;
}

export const rateLimitsConfigModule = configModule({
  schema: z.object({
    RATE_LIMIT_FORMS_MAX: wholeNumber(1, 100_000).optional(),
    RATE_LIMIT_FORMS_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
    RATE_LIMIT_API_MAX: wholeNumber(1, 1_000_000).optional(),
    RATE_LIMIT_API_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
    RATE_LIMIT_AUTH_MAX: wholeNumber(1, 100_000).optional(),
    RATE_LIMIT_AUTH_WINDOW_SECONDS: wholeNumber(1, 86_400).optional(),
    EVENT_STREAMS_PER_CALLER: wholeNumber(1, 10_000).optional(),
    EVENT_STREAMS_PER_JOB: wholeNumber(1, 10_000).optional(),
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
    // A few tabs, each with a reply streaming and a job or two running; a job is rarely
    // followed from more than two or three tabs.
    eventStreams: {
      perCaller: env.EVENT_STREAMS_PER_CALLER ?? 12,
      perJob: env.EVENT_STREAMS_PER_JOB ?? 6,
    },
  }),
});
