import { quotaErrorResponse, type OfficeRefusal, type QuotaErrorResponse } from '@studio/contracts';
import { isHttpFailure } from '../../../lib/api/errorText';

/** An office job that failed: with its refusal when the file was refused, else its own words. */
export class OfficeJobError extends Error {
  override readonly name = 'OfficeJobError';
  constructor(
    message: string,
    readonly refusal: OfficeRefusal | null,
  ) {
    super(message);
  }
}

/** A 429 with the quota body (today's pages used up); null for any other failure. */
export function quotaRefusal(error: unknown): QuotaErrorResponse | null {
  if (!isHttpFailure(error) || error.response?.status !== 429) return null;
  const parsed = quotaErrorResponse.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}

/** A 403: the model asked for belongs to another plan. */
export function isPlanRefusal(error: unknown): boolean {
  return isHttpFailure(error) && error.response?.status === 403;
}
