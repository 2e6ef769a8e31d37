import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../api/failureText';

/** Which §8 fallback a failure gets when neither the exception nor the server says more. */
export type FailureFallback = 'historyFailed' | 'createFailed';

/**
 * failureText in the interface language: the exception's or the server's own words pass
 * through; the §8 fallbacks ('Failed to load conversation history', 'Failed to create
 * conversation') come from conversations.json.
 */
export function useFailureText(): (error: unknown, fallback: FailureFallback) => string {
  const { t } = useTranslation('conversations');
  return useCallback(
    (error: unknown, fallback: FailureFallback) => failureText(error, t(`errors.${fallback}`)),
    [t],
  );
}
