import { quotaErrorResponse, type QuotaErrorResponse } from '@studio/contracts';
import { isHttpFailure } from '../../../lib/api/errorText';

/** The job itself failed; `message` is the server's words for users (the provider's refusal…). */
export class ImageJobError extends Error {
  override readonly name = 'ImageJobError';
}

/** The job's result did not match the contract: said plainly rather than as a field dump. */
export class ImageResultError extends Error {
  override readonly name = 'ImageResultError';
}

/** A 429 from the generations route with the quota body; null for any other failure. */
export function quotaRefusal(error: unknown): QuotaErrorResponse | null {
  if (!isHttpFailure(error) || error.response?.status !== 429) return null;
  const parsed = quotaErrorResponse.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}
