import { quotaErrorResponse, type QuotaErrorResponse } from '@studio/contracts';
import { isHttpFailure } from '../../../lib/api/errorText';

/** The job itself failed; `message` is the server's words for users (an engine's refusal…). */
export class SynthesisJobError extends Error {
  override readonly name = 'SynthesisJobError';
}

/** The job's result did not match the contract: said plainly rather than as a field dump. */
export class SynthesisResultError extends Error {
  override readonly name = 'SynthesisResultError';
}

/** A 429 with the quota body (today's characters used up); null for any other failure. */
export function quotaRefusal(error: unknown): QuotaErrorResponse | null {
  if (!isHttpFailure(error) || error.response?.status !== 429) return null;
  const parsed = quotaErrorResponse.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}

/** A 403: the voice asked for belongs to another plan (the page offers the Pro path). */
export function isPlanRefusal(error: unknown): boolean {
  return isHttpFailure(error) && error.response?.status === 403;
}
