import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { wholeNumber } from '../env/variables.ts';

/**
 * The job queue: how much background work this process runs at once, and whether it runs any.
 * The backend follows REDIS_URL (BullMQ there, in this process otherwise).
 */

export interface JobsConfig {
  jobs: {
    /** Jobs of one kind this process runs at once. */
    concurrency: number;
    /** False: this process enqueues and follows jobs but runs none (a web-only process). */
    worker: boolean;
  };
}

export const jobsConfigModule = configModule({
  schema: z.object({
    JOBS_CONCURRENCY: wholeNumber(1, 64).optional(),
    JOBS_WORKER: z.enum(['true', 'false']).optional(),
  }),
  toConfig: (env): JobsConfig => ({
    jobs: {
      concurrency: env.JOBS_CONCURRENCY ?? 4,
      worker: env.JOBS_WORKER !== 'false',
    },
  }),
});
