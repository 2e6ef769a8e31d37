import type { QuotaErrorResponse } from '@studio/contracts';
import { isContractMismatch, isHttpFailure, serverMessage } from '../../../lib/api/errorText';

/** The daily quota is used up (429 with a quota body, or a stream's quota error): offer more. */
export class ChatQuotaError extends Error {
  readonly quota: Partial<QuotaErrorResponse> & { message: string };

  constructor(quota: Partial<QuotaErrorResponse> & { message: string }) {
    super(quota.message);
    this.name = 'ChatQuotaError';
    this.quota = quota;
  }
}

/** The chat API answered with a failure; `message` is the server's own words, if it had any. */
export class ChatHttpError extends Error {
  readonly status: number;
  readonly serverText: string | null;

  constructor(status: number, serverText: string | null) {
    super(serverText ?? `The chat request failed with status ${status}.`);
    this.name = 'ChatHttpError';
    this.status = status;
    this.serverText = serverText;
  }
}

/** A 429 body that is the quota answer, as a ChatQuotaError; anything else null. */
export async function quotaFromBody(body: unknown): Promise<ChatQuotaError | null> {
  const { quotaErrorResponse } = await import('./schemas');
  const parsed = quotaErrorResponse.safeParse(body);
  return parsed.success ? new ChatQuotaError(parsed.data) : null;
}

/**
 * §8 chat error text: the exception's message, else the server's error or message field, else
 * null (the caller then shows its own fallback, e.g. 'Failed to send message'). The client's
 * generic "Request failed with status code 500" and a schema mismatch's field dump say nothing to a
 * reader, so for them only the server's words count.
 */
export function chatErrorMessage(error: unknown): string | null {
  if (isHttpFailure(error)) return serverMessage(error.response?.data);
  if (error instanceof ChatHttpError) return error.serverText;
  if (isContractMismatch(error)) return null;
  return error instanceof Error && error.message.trim() ? error.message : null;
}
