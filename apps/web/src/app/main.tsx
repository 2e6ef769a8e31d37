import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@studio/ui';
import { createAuthService } from '../features/auth/services/createAuthService';
import { handOffWhenReady } from '../prerender/handOff';
import { noopAnalytics } from '../lib/analytics';
import { configureApi } from '../lib/api/settings';
import { fetchRuntimeConfig } from '../lib/config';
import { fetchGeolocation } from '../lib/country';
import { paths } from '../lib/paths';
import { createAppI18n } from '../lib/i18n';
import { navigatorLanguages } from '../lib/i18n/detectLanguage';
import { browserSessionStore, browserStore } from '../lib/storage';
import { applyTheme, readStoredTheme } from '../lib/theme';
import { App } from './App';
import { preloadRoute } from './routeNeeds';
import { appRoutes } from './routes';
import { createRouterBridge } from './routerBridge';
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
const router = createRouterBridge();
const config = startMockApi().then(() => fetchRuntimeConfig());

const auth = createAuthService({
  store: browserStore,
  sessionStore: browserSessionStore,
  identity: () => config.then((loaded) => loaded.identity),
  origin: window.location.origin,
  location: router.location,
  navigate: (path) => router.navigate(path, { replace: true }),
});

configureApi({
  baseUrl: () => config.then((loaded) => loaded.apiBaseUrl),
  language: () => i18n.resolvedLanguage ?? i18n.language,
  currentPath: () => router.location().pathname,
  redirectToLogin: (from) => router.navigate(paths.login, { state: { from } }),
  // §9: every request waits for a token renewed 300 s before expiry (sleeping laptops).
  freshToken: () => auth.freshToken(),
});

// The page being opened: its code, translations and first data, all asked for now and at once
// (the API client above is configured, so its first requests can go).
preloadRoute(appRoutes, window.location.pathname, i18n);

const services: AppServices = {
  store: browserStore,
  analytics: noopAnalytics,
  auth,
  geolocation: fetchGeolocation,
  browserLanguages: navigatorLanguages(),
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
// A page served with a picture of its first screen (prerender/render.tsx) keeps it until the
// app's own is ready.
handOffWhenReady(container);
const reactRoot = createRoot(container);
// Rendered as a transition, the first render yields to the browser every few milliseconds
// instead of holding a phone's main thread for a few hundred (its commit stays one piece).
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App router={router} i18n={i18n} config={config} services={services} />
    </StrictMode>,
  );
});
