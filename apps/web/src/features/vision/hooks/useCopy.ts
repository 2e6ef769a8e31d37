import { useToast } from '@studio/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies text to the clipboard and says how it went in a toast (screen readers hear it too). */
export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation('vision');
  const { toast } = useToast();
  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('No clipboard here.');
        await navigator.clipboard.writeText(text);
        toast({ tone: 'success', title: t('result.copied') });
      } catch {
        toast({ tone: 'critical', title: t('result.copyFailed') });
      }
    },
    [t, toast],
  );
}
