import { ErrorBoundary, ErrorFallback, TranslatedErrorFallback } from '@studio/ui';
import { useTranslation } from 'react-i18next';

/**
 * The root error screen (§2, §4): translated when i18n works, the fixed English one when i18n is
 * what failed. Either way only a reload leaves it.
 */
export function RootErrorFallback({ error }: { error: unknown }) {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  if (!i18n?.isInitialized || !i18n.hasLoadedNamespace('ui'))
    return <ErrorFallback error={error} />;
  return (
    <ErrorBoundary fallback={() => <ErrorFallback error={error} />}>
      <TranslatedErrorFallback error={error} />
    </ErrorBoundary>
  );
}

export function logRenderError(error: unknown) {
  console.error('The app failed while rendering.', error);
}
