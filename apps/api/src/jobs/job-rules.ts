import { randomUUID } from 'node:crypto';
import { unavailableTexts } from '../http/errors.ts';
import { ObjectStoreUnavailableError } from '../storage/object-store.ts';
import type {
  JobDefinition,
  JobFailureDetail,
  JobKind,
  JobProgress,
  JobSteps,
} from './job-queue.ts';

/** What both backends of the job queue decide the same way. */

export const defaultAttempts = 3;
export const defaultBackoffMs = 1000;
export const defaultKeepCompletedMs = 24 * 60 * 60 * 1000;
/** Failed and cancelled jobs stay a week: the failed set is what an operator reads. */
export const keepFailedMs = 7 * 24 * 60 * 60 * 1000;

/** A payload that does not match its kind's schema, on enqueue or before running. */
export class InvalidJobPayloadError extends Error {
  constructor(kind: string, details: string) {
    super(`invalid payload for ${kind}: ${details}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/**
 * Thrown by a job's run when another attempt cannot help (a provider refused the request, its
 * input was wrong): the job fails at once, with this message, on both backends. `detail` (plain
 * JSON) stays with the failed job for its page: what the user can do instead.
 */
export class FinalJobError extends Error {
  readonly detail: JobFailureDetail | null;

  constructor(message: string, options?: ErrorOptions & { detail?: JobFailureDetail }) {
    super(message, options);
    this.name = 'FinalJobError';
    this.detail = options?.detail ?? null;
  }
}

/** A run's error's detail: a FinalJobError's, else none. */
export function failureDetailOf(error: unknown): JobFailureDetail | null {
  return error instanceof FinalJobError ? error.detail : null;
}

/**
 * BullMQ keeps one string per failed job (its failed reason), so a detail travels in it after the
 * message, on a line of its own behind a marker no message of ours contains; reading it back
 * splits them again. A reason without the marker is all message.
 */
const detailMarker = '\n\u0000detail:';

export function encodeFailedReason(message: string, detail: JobFailureDetail | null): string {
  return detail ? `${message}${detailMarker}${JSON.stringify(detail)}` : message;
}

/** BullMQ's own words for a job whose process died once too often (its stalled checks). */
const abandonedReasons = /^job (stalled|started) more than allowable limit$/;

export function decodeFailedReason(reason: string): {
  message: string;
  detail: JobFailureDetail | null;
} {
  if (abandonedReasons.test(reason))
    return { message: unavailableTexts.jobInterrupted, detail: null };
  const at = reason.indexOf(detailMarker);
  if (at === -1) return { message: reason, detail: null };
  const message = reason.slice(0, at);
  try {
    const detail: unknown = JSON.parse(reason.slice(at + detailMarker.length));
    return {
      message,
      detail:
        detail !== null && typeof detail === 'object' && !Array.isArray(detail)
          ? (detail as JobFailureDetail)
          : null,
    };
  } catch {
    return { message, detail: null };
  }
}

/** Whether a run's error ends the job without the attempts left (a bad payload, a final error). */
export function failsWithoutRetry(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'InvalidJobPayloadError' || error.name === 'FinalJobError')
  );
}

const kindPattern = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

export type AnyDefinition = JobDefinition<unknown, unknown>;

/** A queue's `define`: each kind once, under a well-formed name, kept in `definitions`. */
export function defineKind<Payload, Result>(
  definitions: Map<string, AnyDefinition>,
  definition: JobDefinition<Payload, Result>,
): JobKind<Payload, Result> {
  if (!kindPattern.test(definition.kind)) {
    throw new Error(
      `job kind "${definition.kind}" must be dotted lower-case words, such as mail.send`,
    );
  }
  if (definitions.has(definition.kind)) {
    throw new Error(`job kind "${definition.kind}" is already defined`);
  }
  const kept: JobDefinition<Payload, Result> = {
    ...definition,
    // A job that could not reach the object store fails (after its retries) in the words the
    // HTTP answer uses: the error's own message names the store's host, for the operator's log
    // and the readiness check, not for the person whose job it was.
    run: async (context) => {
      try {
        return await definition.run(context);
      } catch (error) {
        if (error instanceof ObjectStoreUnavailableError) {
          throw new Error(unavailableTexts.objectStore, { cause: error });
        }
        throw error;
      }
    },
  };
  definitions.set(definition.kind, kept as AnyDefinition);
  return { kind: definition.kind, definition: kept };
}

/** A queue's `idle`: true once `busy` says no, false if `timeoutMs` passes first. */
export async function waitUntilIdle(
  busy: () => boolean | Promise<boolean>,
  timeoutMs: number,
  pollMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await busy()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}

/** Validates a payload (or throws InvalidJobPayloadError): on enqueue and before every run. */
export function checkPayload<Payload>(
  definition: JobDefinition<Payload, unknown>,
  payload: unknown,
): Payload {
  const parsed = definition.payload.safeParse(payload);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    .join('; ');
  throw new InvalidJobPayloadError(definition.kind, details);
}

/**
 * A job's id carries its kind (`mail.send~<uuid>`), so a lookup goes to the right queue. A
 * caller's stable id (idempotent enqueue) keeps its kind in front too, so two kinds never clash.
 */
export function jobIdFor(kind: string, stableId?: string): string {
  return `${kind}~${stableId ?? randomUUID()}`;
}

export function kindOfJobId(id: string): string | null {
  const separator = id.indexOf('~');
  return separator > 0 ? id.slice(0, separator) : null;
}

/** Before retry n (1 = the first retry): backoffMs, then double each time. */
export function retryDelayMs(backoffMs: number, failedAttempts: number): number {
  return backoffMs * 2 ** Math.max(0, failedAttempts - 1);
}

export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a running job's signal was aborted. */
export type AbortReason = 'cancelled' | 'shutdown';

export function abortReasonOf(signal: AbortSignal): AbortReason | null {
  if (!signal.aborted) return null;
  return signal.reason === 'shutdown' ? 'shutdown' : 'cancelled';
}

/**
 * A run's progress report as both backends store and publish it: the percent held to 0–100, and
 * the steps (when given) as whole numbers with `done` never past `total`.
 */
export function progressOf(percent: number, stage: string, steps?: JobSteps): JobProgress {
  const progress: JobProgress = { percent: Math.max(0, Math.min(100, percent)), stage };
  if (steps) {
    const total = Math.max(0, Math.floor(steps.total));
    progress.steps = { done: Math.max(0, Math.min(total, Math.floor(steps.done))), total };
  }
  return progress;
}
