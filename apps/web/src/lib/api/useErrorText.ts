import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { commonNamespace } from '../i18n/namespaces';
import { describeError } from './errorText';

/**
 * errorText in the interface language: the server's own words pass through, the §8 conditions
 * come from common.json (errors.*; the English file holds the spec's exact texts).
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(commonNamespace);
  return useCallback(
    (error: unknown) => {
      const description = describeError(error);
      return description.kind === 'server'
        ? description.text
        : t(`errors.${description.condition}`);
    },
    [t],
  );
}
