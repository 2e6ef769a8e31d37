import { z } from 'zod';
import { exportFormats } from './chat.ts';

/**
 * A background job as the browser sees it (GET /api/jobs/{id}, and its events). Slow work of
 * every studio tool (a conversation export now, image generations next) runs as one: the page
 * starts it, follows its progress over server-sent events, may cancel it, then fetches its result.
 */
export const jobStates = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const jobState = z.enum(jobStates);
export type JobState = z.infer<typeof jobState>;

/** The states a job never leaves. */
export const finalJobStates = ['completed', 'failed', 'cancelled'] as const satisfies JobState[];
export function isFinalJobState(state: JobState): boolean {
  return (finalJobStates as readonly JobState[]).includes(state);
}

export const jobProgress = z.object({
  percent: z.number().min(0).max(100),
  /** A short machine name of the step (`reading`, `writing`, `storing`): the page translates it. */
  stage: z.string(),
  /**
   * Work counted in pieces, when it is (sentences spoken, pages read): how many are done of how
   * many, so a page can use each piece as it arrives (a voice job's parts play before the last).
   */
  steps: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }).optional(),
});
export type JobProgress = z.infer<typeof jobProgress>;

/**
 * A job with its kind's own result (null until it completes) and, for the kinds that have one,
 * its own failure detail (what the user can do instead: a refusal's suggested prompt).
 */
export function jobViewOf<Result extends z.ZodType, Detail extends z.ZodType = z.ZodUnknown>(
  result: Result,
  detail: Detail = z.unknown() as unknown as Detail,
) {
  return z.object({
    id: z.string(),
    /** Dotted: `chat.export`. */
    kind: z.string(),
    state: jobState,
    progress: jobProgress.nullable(),
    /** Why it failed, in words for the user; null unless it did. */
    error: z.string().nullable(),
    result: result.nullable(),
    /** Set only on a failed job whose kind says more than its words; absent or null otherwise. */
    detail: detail.nullish(),
    /** ISO 8601. */
    createdAt: z.string(),
    /** ISO 8601; null until it reaches a final state. */
    finishedAt: z.string().nullable(),
  });
}

/** Any kind of job (its result is the kind's own shape). */
export const jobView = jobViewOf(z.unknown());
export type JobView<Result = unknown> = Omit<z.infer<typeof jobView>, 'result'> & {
  result: Result | null;
};

/**
 * GET /api/jobs/{id}/events: `state` first (the whole job as it is now), then `progress` and
 * `state` events until a final state, when the stream ends. Comment lines are heartbeats.
 */
export const jobStreamEvents = {
  state: jobView,
  progress: jobProgress,
} as const;
export type JobStreamEventType = keyof typeof jobStreamEvents;
export type JobStreamEvent = {
  [K in JobStreamEventType]: { type: K; data: z.infer<(typeof jobStreamEvents)[K]> };
}[JobStreamEventType];

/** A `chat.export` job's result: the file kept for download at GET /api/jobs/{id}/result. */
export const chatExportResult = z.object({
  fileName: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int().min(0),
});
export type ChatExportResult = z.infer<typeof chatExportResult>;
export const chatExportJob = jobViewOf(chatExportResult);
export type ChatExportJob = z.infer<typeof chatExportJob>;

/** POST /api/chat/export/{id}/jobs: export a conversation in the background. */
export const startExportRequest = z.object({ format: z.enum(exportFormats).default('json') });
export type StartExportRequest = z.input<typeof startExportRequest>;
