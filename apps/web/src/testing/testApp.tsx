import type { RuntimeConfig } from '@studio/contracts';
import type { i18n } from 'i18next';
import { MemoryRouter, type InitialEntry, type RouteObject } from 'react-router-dom';
import { createRecordingAnalytics } from '../lib/analytics';
import { createMemoryStore } from '../lib/storage';
import { localConfig } from '../mocks/handlers/config';
import { unavailableAuthService } from '../features/auth/authService';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { appRoutes } from '../app/routes';
import type { AppServices } from '../app/services';

/** Services for tests and stories: memory storage, recording analytics, nobody signed in. */
export function createTestServices(overrides: Partial<AppServices> = {}): AppServices {
  return {
    store: createMemoryStore(),
    analytics: createRecordingAnalytics(),
    auth: unavailableAuthService,
    geolocation: null,
    browserLanguages: ['en-US'],
    ...overrides,
  };
}

export interface AppHarnessProps {
  i18n: i18n;
  services: AppServices;
  config?: RuntimeConfig;
  /** Where the memory router starts. */
  initialEntries?: InitialEntry[];
  /** The routes; the app's own table by default. */
  routes?: RouteObject[];
  themeRoot?: HTMLElement;
}

/**
 * The app in memory: providers, and a memory router over the route table (or the given routes),
 * for Vitest and Storybook.
 */
export function AppHarness({
  i18n,
  services,
  config = localConfig,
  initialEntries = ['/'],
  routes = appRoutes,
  themeRoot,
}: AppHarnessProps) {
  return (
    <AppProviders i18n={i18n} config={config} services={services} themeRoot={themeRoot}>
      <MemoryRouter initialEntries={initialEntries}>
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>
  );
}
