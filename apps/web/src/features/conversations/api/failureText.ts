import { isContractMismatch, isHttpFailure, serverMessage } from '../../../lib/api/errorText';

/**
 * §8 chat errors: the exception's message, else the server's error or message field, else the
 * caller's fallback ('Failed to load conversation history'…). The client's own "Request failed
 * with status code 500" and a schema mismatch's field dump tell the user nothing, so for those only
 * the server's words count.
 */
export function failureText(error: unknown, fallback: string): string {
  if (isHttpFailure(error)) return serverMessage(error.response?.data) ?? fallback;
  if (isContractMismatch(error)) return fallback;
  return error instanceof Error && error.message.trim() ? error.message : fallback;
}
