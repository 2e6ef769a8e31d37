import type { Decorator } from '@storybook/react-vite';
import { defaultThemeName, isThemeName } from '@studio/tokens';
import type { SetupWorker } from 'msw/browser';
// Declares the `msw` worker that msw-storybook-addon puts on every story's context.
import type {} from 'msw-storybook-addon/types';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { unavailableAuthService } from '../features/auth/authService';
import { createRecordingAnalytics } from '../lib/analytics';
import { createMemoryStore } from '../lib/storage';
import {
  acceptingAuthService,
  failingAuthService,
  initialisingAuthService,
  signedInAuthService,
} from '../mocks/auth';
import { handlers, profileHandlers } from '../mocks/handlers';
import {
  b2cIdentity,
  localConfig,
  misconfiguredIdentity,
  sandboxIdentity,
} from '../mocks/handlers/config';
import { AppLayout } from '../app/AppLayout';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import type { AppServices } from '../app/services';

/** What a web story can set under `parameters.app`. */
export interface AppStoryParameters {
  /** The URL the memory router starts at; `/` by default. */
  route?: string;
  /** The path pattern the story answers at (for useParams); every path by default. */
  path?: string;
  /** Inside the shell (header, sidebar, footer) or alone. */
  layout?: boolean;
  /** Open the footer from the start. */
  footerExpanded?: boolean;
  /**
   * `signedIn`: a user is restored at start; `accepting`: every sign-in call works; `failing`:
   * every call fails with the API's 401 text; `initialising`: auth never finishes starting.
   */
  auth?: keyof typeof authServices;
  /** /config.json says sandbox. */
  sandbox?: boolean;
  /**
   * The external identity service in /config.json: none (social sign-in off), the sandbox
   * provider, Azure AD B2C, or settings the §8 start-up check refuses. The sandbox one when
   * `sandbox` is set, else none.
   */
  identity?: keyof typeof identities;
  /** Local storage at start (besides the toolbar's theme). */
  stored?: Record<string, string>;
  /** A frame this many pixels wide around the app (a phone-sized shell, say). */
  width?: number;
}

const StorySlot = createContext<ReactNode>(null);

function StoryOutlet() {
  return <>{useContext(StorySlot)}</>;
}

function storyRoutes({ path = '*', layout = false, footerExpanded = false }: AppStoryParameters) {
  const page: RouteObject = { path, element: <StoryOutlet /> };
  if (!layout) return [page];
  return [
    {
      element: <AppLayout footerExpanded={footerExpanded} />,
      children: [page],
    },
  ];
}

const authServices = {
  signedOut: unavailableAuthService,
  signedIn: signedInAuthService(),
  accepting: acceptingAuthService(),
  failing: failingAuthService(),
  initialising: initialisingAuthService,
};

const identities = {
  none: null,
  sandbox: sandboxIdentity,
  b2c: b2cIdentity,
  misconfigured: misconfiguredIdentity,
};

function StoryApp({
  parameters,
  theme,
  children,
}: {
  parameters: AppStoryParameters;
  theme: string;
  children: ReactNode;
}) {
  // The toolbar's i18next instance (the preview's language decorator provides it).
  const { i18n } = useTranslation();
  const [services] = useState<AppServices>(() => ({
    store: createMemoryStore({ theme, ...parameters.stored }),
    analytics: createRecordingAnalytics(),
    auth: authServices[parameters.auth ?? 'signedOut'],
    geolocation: null,
    browserLanguages: ['en-US'],
  }));
  const [routes] = useState(() => storyRoutes(parameters));
  return (
    <StorySlot value={children}>
      <AppProviders
        i18n={i18n}
        services={services}
        config={{
          ...localConfig,
          sandbox: parameters.sandbox ?? false,
          identity: identities[parameters.identity ?? (parameters.sandbox ? 'sandbox' : 'none')],
        }}
      >
        <MemoryRouter initialEntries={[parameters.route ?? '/']}>
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </AppProviders>
    </StorySlot>
  );
}

/**
 * Renders a web story the way the app runs: its providers (translations from the toolbar,
 * toasts, auth, preferences seeded with the toolbar's theme) and a memory router, optionally
 * inside the shell. Configure with `parameters.app` (AppStoryParameters).
 */
export const withAppProviders: Decorator = (Story, context) => {
  const parameters = (context.parameters['app'] ?? {}) as AppStoryParameters;
  const theme = isThemeName(context.globals['theme']) ? context.globals['theme'] : defaultThemeName;
  const app = (
    <StoryApp key={context.id} parameters={parameters} theme={theme}>
      <Story />
    </StoryApp>
  );
  return parameters.width ? (
    <div style={{ width: parameters.width, marginInline: 'auto' }}>{app}</div>
  ) : (
    app
  );
};

/**
 * The MSW handlers every web story starts from (the shared set of src/mocks); a story adds its
 * failure variant after this one: the last handler added wins.
 */
export function applyAppHandlers({
  msw,
  globals,
}: {
  msw: SetupWorker;
  globals?: Record<string, unknown>;
}) {
  msw.use(...handlers);
  // A signed-in user's saved language wins once it loads (§7): in a Vietnamese story it must be
  // Vietnamese too, or the page switches back to English part-way through the play function.
  if (globals?.['locale'] === 'vi') msw.use(profileHandlers.preferencesInVietnamese);
}
