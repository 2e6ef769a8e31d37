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
    /**
     * BullMQ's lock on a running job, and how often workers look for jobs whose lock expired:
     * how soon a job whose process died is picked up again by another (JOBS_LOCK_SECONDS).
     */
    lockMs: number;
  };
}

export const jobsConfigModule = configModule({
  schema: z.object({
    JOBS_CONCURRENCY: wholeNumber(1, 64).optional(),
    JOBS_WORKER: z.enum(['true', 'false']).optional(),
    // Below a few seconds a busy process could miss renewing a lock it still holds.
    JOBS_LOCK_SECONDS: wholeNumber(3, 600).optional(),
  }),
  toConfig: (env): JobsConfig => ({
    jobs: {
      concurrency: env.JOBS_CONCURRENCY ?? 4,
      worker: env.JOBS_WORKER !== 'false',
      lockMs: (env.JOBS_LOCK_SECONDS ?? 30) * 1000,
    },
  }),
});
