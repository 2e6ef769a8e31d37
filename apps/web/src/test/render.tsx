import type { RuntimeConfig } from '@studio/contracts';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { InitialEntry, RouteObject } from 'react-router-dom';
import { createTestServices, AppHarness } from '../testing/testApp';
import type { AppServices } from '../app/services';
import { createTestI18n } from './i18n';

export interface RenderAppOptions {
  initialEntries?: InitialEntry[];
  routes?: RouteObject[];
  services?: Partial<AppServices>;
  language?: 'en' | 'vi';
  config?: RuntimeConfig;
}

/** The app (or the given routes) in memory, with test services; returns a userEvent session. */
export function renderApp({
  initialEntries = ['/'],
  routes,
  services: overrides,
  language = 'en',
  config,
}: RenderAppOptions = {}) {
  const i18n = createTestI18n(language);
  const services = createTestServices(overrides);
  const themeRoot = document.documentElement;
  const result = render(
    <AppHarness
      i18n={i18n}
      services={services}
      initialEntries={initialEntries}
      themeRoot={themeRoot}
      {...(routes ? { routes } : {})}
      {...(config ? { config } : {})}
    />,
  );
  return { user: userEvent.setup(), i18n, services, ...result };
}

/** One element at every path, inside the app's providers. */
export function renderInApp(element: ReactNode, options: Omit<RenderAppOptions, 'routes'> = {}) {
  return renderApp({ ...options, routes: [{ path: '*', element }] });
}
