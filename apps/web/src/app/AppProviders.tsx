import type { RuntimeConfig } from '@studio/contracts';
import { ErrorBoundary, ToastProvider } from '@studio/ui';
import type { i18n } from 'i18next';
import { Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import { useAuth } from '../features/auth/hooks/useAuth';
import { PreferencesProvider } from '../features/preferences/components/PreferencesProvider';
import { detectCountry } from '../lib/country';
import { RuntimeConfigProvider, useRuntimeConfig } from '../lib/runtimeConfig';
import { KeyValueStoreContext } from '../lib/storeContext';
import { BootFallback } from './BootFallback';
import { logRenderError, RootErrorFallback } from './errorBoundary';
import { AppServicesContext, useAppServices, type AppServices } from './services';

export interface AppProvidersProps {
  i18n: i18n;
  config: RuntimeConfig | Promise<RuntimeConfig>;
  services: AppServices;
  /** Where data-theme goes; the document root by default. */
  themeRoot?: HTMLElement;
  /** Drawn on the server for a visitor (firstScreen/render.tsx): nobody signed in. */
  visitor?: boolean;
  children: ReactNode;
}

/** Preferences need to know whether the visitor is anonymous (suggestions are only for them). */
function PreferencesForVisitor({
  children,
  themeRoot,
}: {
  children: ReactNode;
  themeRoot?: HTMLElement;
}) {
  const { status, user } = useAuth();
  const { store, analytics, geolocation, browserLanguages } = useAppServices();
  const { geolocationServices } = useRuntimeConfig();
  const detect = useMemo(
    () => (geolocation ? () => detectCountry(geolocationServices, geolocation, { store }) : null),
    [geolocation, geolocationServices, store],
  );
  return (
    <PreferencesProvider
      store={store}
      anonymous={status === 'unauthenticated'}
      user={status === 'authenticated' ? user : null}
      analytics={analytics}
      themeRoot={themeRoot}
      detectCountry={detect}
      browserLanguages={browserLanguages}
    >
      {children}
    </PreferencesProvider>
  );
}

/**
 * Everything the routed app runs inside: the root error boundary, translations, runtime
 * configuration, toasts, auth and preferences. Shared by main.tsx, the tests and the stories.
 */
export function AppProviders({
  i18n,
  config,
  services,
  themeRoot,
  visitor,
  children,
}: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary FallbackComponent={RootErrorFallback} onError={logRenderError}>
        <Suspense fallback={<BootFallback />}>
          <RuntimeConfigProvider config={config}>
            <AppServicesContext value={services}>
              <KeyValueStoreContext value={services.store}>
                <ToastProvider>
                  <AuthProvider service={services.auth} store={services.store} visitor={visitor}>
                    <PreferencesForVisitor themeRoot={themeRoot}>{children}</PreferencesForVisitor>
                  </AuthProvider>
                </ToastProvider>
              </KeyValueStoreContext>
            </AppServicesContext>
          </RuntimeConfigProvider>
        </Suspense>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
