import { quotaErrorResponse, type QuotaErrorResponse } from '@studio/contracts';
import { isHttpFailure } from '../../../lib/api/errorText';

/** A 429 with the quota body (today's writing used up); null for any other failure. */
export function quotaRefusal(error: unknown): QuotaErrorResponse | null {
  if (!isHttpFailure(error) || error.response?.status !== 429) return null;
  const parsed = quotaErrorResponse.safeParse(error.response.data);
  return parsed.success ? parsed.data : null;
}
