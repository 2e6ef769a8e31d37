/* The job events' schemas in a chunk of their own (with zod), loaded when a job is followed. */
export { jobStreamEvents } from '@studio/contracts';
