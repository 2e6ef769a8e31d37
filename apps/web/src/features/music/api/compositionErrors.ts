import {
  musicFailureOf,
  musicRefusal,
  quotaErrorResponse,
  type JobView,
  type MusicJobFailure,
  type QuotaErrorResponse,
} from '@studio/contracts';
import { isHttpFailure } from '../../../lib/api/errorText';

/**
 * The job itself failed: `failure` is which of the API's known failures (musicJobFailureTexts,
 * translated by the page), null for words of its own; `suggestedPrompt` a refusal's suggestion.
 */
export class CompositionJobError extends Error {
  override readonly name = 'CompositionJobError';
  readonly failure: MusicJobFailure | null;
  readonly suggestedPrompt: string | null;

  constructor(message: string, suggestedPrompt: string | null = null) {
    super(message);
    this.failure = musicFailureOf(message);
    this.suggestedPrompt = suggestedPrompt;
  }
}

/** The job's result did not match the contract: said plainly rather than as a field dump. */
export class CompositionResultError extends Error {
  override readonly name = 'CompositionResultError';
}

/**
 * A failed job's error, with a provider refusal's suggested prompt when the job carries one (its
 * `detail`, in musicRefusal's shape; anything else there is ignored).
 */
export function jobFailure(job: Pick<JobView, 'error' | 'detail'>): CompositionJobError {
  const refusal = musicRefusal.safeParse(job.detail);
  return new CompositionJobError(
    job.error ?? '',
    refusal.success ? refusal.data.suggestedPrompt : null,
  );
}

/** A 429 with the quota body (today's seconds used up); null for any other failure. */
export function quotaRefusal(error: unknown): QuotaErrorResponse | null {
  if (!isHttpFailure(error) || error.response?.status !== 429) return null;
  const parsed = quotaErrorResponse.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}

/** A 403: the model asked for belongs to another plan (the page offers the Pro path). */
export function isPlanRefusal(error: unknown): boolean {
  return isHttpFailure(error) && error.response?.status === 403;
}
