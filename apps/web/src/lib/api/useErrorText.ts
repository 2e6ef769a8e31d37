import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { commonNamespace } from '../i18n/namespaces';
import { describeError, serverTextKey } from './errorText';

/**
 * Words the server sent, in the interface language when they are ones it knows (the §8 texts
 * and the shared failures, serverTextKey); any other words of the server's pass through.
 */
export function useServerWords(): (text: string) => string {
  const { t } = useTranslation(commonNamespace);
  return useCallback(
    (text: string) => {
      const key = serverTextKey(text);
      return key ? t(key) : text;
    },
    [t],
  );
}

/**
 * errorText in the interface language: the server's own words pass through (translated when
 * they are ones the interface knows: useServerWords), the §8 conditions come from common.json
 * (errors.*; the English file holds the spec's exact texts).
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(commonNamespace);
  const serverWords = useServerWords();
  return useCallback(
    (error: unknown) => {
      const description = describeError(error);
      return description.kind === 'server'
        ? serverWords(description.text)
        : t(`errors.${description.condition}`);
    },
    [t, serverWords],
  );
}
