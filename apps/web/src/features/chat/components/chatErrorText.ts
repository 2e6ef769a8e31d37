import type { TFunction } from 'i18next';
import type { ChatError } from '../hooks/chatTurns';

/** Hints up to this long read best in seconds ("Try again in 90 seconds"), longer in minutes. */
const longestInSeconds = 90;

/**
 * What the chat says about a failure. The server's words when it had any (else the §8 fallback
 * of the call); a provider's rate limit and retry hint in the UI's own language, since the wait
 * is what the reader needs: "… Try again in 20 seconds."
 */
export function chatErrorText(error: ChatError, t: TFunction<'chat'>): string {
  const seconds = error.retryAfterSeconds;
  if (!error.rateLimited && !seconds) {
    return error.message ?? t(error.kind === 'history' ? 'errors.history' : 'errors.send');
  }
  const what = error.rateLimited ? t('errors.rateLimited') : t('errors.unavailable');
  if (!seconds) return `${what} ${t('errors.retryLater')}`;
  const when =
    seconds > longestInSeconds
      ? t('errors.retryInMinutes', { count: Math.ceil(seconds / 60) })
      : t('errors.retryInSeconds', { count: seconds });
  return `${what} ${when}`;
}
