import type { RuntimeConfig } from '@studio/contracts';
import type { i18n } from 'i18next';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import type { RouterBridge } from './routerBridge';
import { appRoutes } from './routes';
import type { AppServices } from './services';

export interface AppProps {
  /** Hands the router to the code outside React that navigates (main.tsx made it). */
  router: RouterBridge;
  i18n: i18n;
  config: RuntimeConfig | Promise<RuntimeConfig>;
  services: AppServices;
}

/** The whole product: the providers around the router of §2's route table. */
export function App({ router, i18n, config, services }: AppProps) {
  return (
    <AppProviders i18n={i18n} config={config} services={services}>
      <BrowserRouter>
        <router.Bridge />
        <AppRoutes routes={appRoutes} />
      </BrowserRouter>
    </AppProviders>
  );
}
