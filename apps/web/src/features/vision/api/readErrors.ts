import { quotaErrorResponse, type QuotaErrorResponse } from '@studio/contracts';
import { isHttpFailure } from '../../../lib/api/errorText';

/** The read job failed: the job's own words (the server's, for the user). */
export class ReadJobError extends Error {
  override readonly name = 'ReadJobError';
}

/** The job's result did not match the contract: said plainly rather than as a field dump. */
export class ReadResultError extends Error {
  override readonly name = 'ReadResultError';
}

/** A 429 with the quota body (today's pictures used up); null for any other failure. */
export function quotaRefusal(error: unknown): QuotaErrorResponse | null {
  if (!isHttpFailure(error) || error.response?.status !== 429) return null;
  const parsed = quotaErrorResponse.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}

/** A 403: the model asked for belongs to another plan. */
export function isPlanRefusal(error: unknown): boolean {
  return isHttpFailure(error) && error.response?.status === 403;
}
