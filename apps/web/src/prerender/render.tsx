import type { RuntimeConfig } from '@studio/contracts';
import type { Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { needsOf } from '../app/routeNeeds';
import { appRoutes } from '../app/routes';
import type { AppServices } from '../app/services';
import { unavailableAuthService } from '../features/auth/authService';
import { noopAnalytics } from '../lib/analytics';
import type { LanguageCode } from '@studio/contracts/options';
import { createBundledI18n } from '../lib/i18n';
import { earlyEndpoints, provideEarly, type EarlyEndpoint } from '../lib/api/earlyRequests';
import { createMemoryStore } from '../lib/storage';
import { prerenderedElementId, prerenderedPaths } from './paths';
import { prerenderScripts } from './scripts';

export { prerenderedPaths, prerenderScripts };

/**
 * The pages visitors land on, prerendered: their first screen drawn on the server (the API, at
 * start-up, with its runtime configuration and its own answers to the page's first requests)
 * from the app's own components. A browser shows it as soon as the HTML and its inline styles
 * arrive, before any script has loaded, and the app replaces it once its own first screen is
 * ready (handOff.ts). It is a picture of the page for a visitor, never hydrated: nothing in it
 * has to match the app's first render, and it is inert.
 */

// Every translation, bundled into this server-side module (the browser loads them over HTTP).
const translationFiles = import.meta.glob<Record<string, unknown>>(
  '../../public/locales/*/*.json',
  { eager: true, import: 'default' },
);

function translations(): Resource {
  const resources: Resource = {};
  for (const [file, texts] of Object.entries(translationFiles)) {
    const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) continue;
    resources[language] = { ...resources[language], [namespace]: texts };
  }
  return resources;
}

const resources = translations();

/** What drawing a page needs: no browser, nobody signed in, nothing stored. */
function visitorServices(): AppServices {
  return {
    store: createMemoryStore(),
    analytics: noopAnalytics,
    auth: unavailableAuthService,
    geolocation: null,
    browserLanguages: [],
  };
}

const needsAt = (path: string) =>
  (matchRoutes(appRoutes, path) ?? []).map((match) => needsOf(match.route.handle));

/** Makes the route's lazy code resolve before drawing, so the page is drawn rather than pending. */
async function loadRouteCode(path: string): Promise<void> {
  await Promise.all(needsAt(path).map((need) => need?.code?.()));
}

/** A first request of a page, which the server answers itself and hands to prerenderPage. */
export interface PrerenderRequest {
  endpoint: EarlyEndpoint;
  path: string;
}

/**
 * The requests the page at `path` reads first (its route's early requests): the same for every
 * visitor, so its picture shows their answers rather than a loading state.
 */
export function prerenderRequests(path: string): PrerenderRequest[] {
  return needsAt(path).flatMap((need) =>
    (need?.early ?? []).map((endpoint) => ({ endpoint, path: earlyEndpoints[endpoint].path })),
  );
}

/** What the server answered to the page's first requests (an unanswered one stays loading). */
export type PrerenderAnswers = Partial<Record<EarlyEndpoint, unknown>>;

function provide(answers: PrerenderAnswers): void {
  for (const [endpoint, body] of Object.entries(answers)) {
    provideEarly(endpoint as EarlyEndpoint, body);
  }
}

/**
 * The markup is a picture: ids (and the attributes pointing at them) are dropped, so that while
 * it is on the page nothing the app looks up by id finds the picture's copy instead of its own.
 */
function withoutIds(html: string): string {
  return html.replace(/\s(?:id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '');
}

export interface PrerenderedMarkup {
  /** The picture (and its layout script), to put before the app's #root. */
  html: string;
}

/** Draws the first screen of `path` for a visitor in `language`. */
export async function prerenderPage(
  path: string,
  language: LanguageCode,
  config: RuntimeConfig,
  answers: PrerenderAnswers = {},
): Promise<PrerenderedMarkup> {
  // Before the code: a page's module may start its first read as it loads (the plans' prices).
  provide(answers);
  await loadRouteCode(path);
  const i18n = createBundledI18n(resources, language);
  const page = (
    <AppProviders i18n={i18n} config={config} services={visitorServices()} visitor>
      <StaticRouter location={path}>
        <AppRoutes routes={appRoutes} />
      </StaticRouter>
    </AppProviders>
  );
  // The first pass waits for every lazy part to load (React.lazy suspends once even when its
  // code is there); the second then draws the page in one piece, in order, without the
  // scripts streamed rendering adds for parts that arrive late.
  const { prelude } = await prerender(page);
  await prelude.cancel();
  provide(answers);
  const markup = withoutIds(renderToString(page));
  if (markup.includes('<script')) throw new Error(`The picture of ${path} holds a script.`);
  return {
    html: `<div id="${prerenderedElementId}" inert aria-hidden="true">${markup}<script>${prerenderScripts.layout}</script></div>`,
  };
}
