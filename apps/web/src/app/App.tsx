import type { RuntimeConfig } from '@studio/contracts';
import type { i18n } from 'i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import type { AppServices } from './services';

export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  i18n: i18n;
  config: RuntimeConfig | Promise<RuntimeConfig>;
  services: AppServices;
}

/** The whole product: the providers around the router of §2's route table. */
export function App({ router, i18n, config, services }: AppProps) {
  return (
    <AppProviders i18n={i18n} config={config} services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
