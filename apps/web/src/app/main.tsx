import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import '@studio/ui';
import { unavailableAuthService } from '../features/auth/authService';
import { noopAnalytics } from '../lib/analytics';
import { configureApi } from '../lib/api/settings';
import { fetchRuntimeConfig } from '../lib/config';
import { fetchGeolocation } from '../lib/country';
import { paths } from '../lib/paths';
import { createAppI18n } from '../lib/i18n';
import { browserStore } from '../lib/storage';
import { applyTheme, readStoredTheme } from '../lib/theme';
import { App } from './App';
import { appRoutes } from './routes';
import type { AppServices } from './services';

async function startMockApi() {
  // Development only (`VITE_API_MOCKS=msw pnpm dev`): never part of a production build.
  if (import.meta.env.DEV && import.meta.env.VITE_API_MOCKS === 'msw') {
    const { worker } = await import('../mocks/browser');
    await worker.start({ onUnhandledRequest: 'bypass' });
  }
}

const root = document.documentElement;
// §3: the stored theme is on the document root before the first paint, so no flash of dark.
applyTheme(readStoredTheme(browserStore), root);

const i18n = createAppI18n(root);
const router = createBrowserRouter(appRoutes);
const config = startMockApi().then(() => fetchRuntimeConfig());

configureApi({
  baseUrl: () => config.then((loaded) => loaded.apiBaseUrl),
  language: () => i18n.resolvedLanguage ?? i18n.language,
  currentPath: () => router.state.location.pathname,
  redirectToLogin: (from) => void router.navigate(paths.login, { state: { from } }),
});

const services: AppServices = {
  store: browserStore,
  analytics: noopAnalytics,
  auth: unavailableAuthService,
  geolocation: fetchGeolocation,
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App router={router} i18n={i18n} config={config} services={services} />
  </StrictMode>,
);
