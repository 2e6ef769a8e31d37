import { createInProcessJobStore, createInProcessQueue } from '../../src/jobs/in-process-queue.ts';
import type { JobQueue } from '../../src/jobs/job-queue.ts';

/** Two instances of one backend over one store, as two processes share one Redis. */
export interface JobInstances {
  a: JobQueue;
  b: JobQueue;
  /** Stops both and removes what they stored. */
  close(): Promise<void>;
}

export interface JobBackend {
  name: string;
  /** `bWorker: false` makes b enqueue and follow without running anything. */
  open(options?: { bWorker?: boolean }): Promise<JobInstances>;
}

const inProcess: JobBackend = {
  name: 'in-process',
  async open(options = {}) {
    const store = createInProcessJobStore();
    const a = createInProcessQueue({ store, concurrency: 4, worker: true });
    const b = createInProcessQueue({ store, concurrency: 4, worker: options.bWorker ?? true });
    return {
      a,
      b,
      async close() {
        await Promise.all([a.stop(0), b.stop(0)]);
      },
    };
  },
};

export const jobBackends: JobBackend[] = [inProcess];
