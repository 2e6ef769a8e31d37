import { useToast } from '@studio/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { AuthUnavailableError } from '../authService';

/**
 * Reports a failed auth request in a toast: "Sign-in is not available yet" while no identity
 * service is configured, otherwise the given title with the §8 error text.
 */
export function useAuthFailureToast(): (error: unknown, title: string) => void {
  const { t } = useTranslation('common');
  const { toast } = useToast();
  const describe = useErrorText();
  return useCallback(
    (error: unknown, title: string) => {
      if (error instanceof AuthUnavailableError) {
        toast({
          tone: 'critical',
          title: t('auth.unavailable'),
          description: t('auth.unavailableDescription'),
        });
        return;
      }
      toast({ tone: 'critical', title, description: describe(error) });
    },
    [t, toast, describe],
  );
}
