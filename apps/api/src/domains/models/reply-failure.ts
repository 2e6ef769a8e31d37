import type { ProviderFailure } from '../providers/index.ts';
import { ChatProviderError } from './reply-errors.ts';

/** The user's side of a failure: its code, words and retry hint (chat-errors.ts). */
export function toChatProviderError(failure: ProviderFailure, cause: unknown): ChatProviderError {
  if (failure.kind === 'idle-timeout' || failure.kind === 'total-timeout') {
    return new ChatProviderError('timeout', { cause });
  }
  return new ChatProviderError(failure.kind === 'rate-limited' ? 'rate-limit' : 'provider', {
    cause,
    retryAfterSeconds: failure.retryAfterSeconds,
  });
}
