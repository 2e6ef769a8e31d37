import type { i18n } from 'i18next';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { requestEarly, type EarlyEndpoint } from '../lib/api/earlyRequests';
import type { WebNamespace } from '../lib/i18n/namespaces';

/**
 * What a page needs before it can show, declared once beside it in the route table (its
 * `handle`): its code, its translation namespaces and its first data. At entry start all of it
 * is asked for at once for the route being opened (preloadRoute), instead of one request after
 * another as the page renders and finds out (its chunk, then its translations, then the chat's
 * chunk, then its translations, then the models...), each a round trip on a phone.
 */
export interface RouteNeeds {
  /** Fetches the page's lazy chunks (the same import() its React.lazy element makes). */
  code?: () => Promise<unknown>;
  /** The namespaces its first screen translates with, besides common and ui (the shell's). */
  namespaces?: readonly WebNamespace[];
  /**
   * Its first requests (lib/api/earlyRequests), started at once for the page to take. The same
   * for every visitor, so the server draws the page's first screen with their answers too.
   */
  early?: readonly EarlyEndpoint[];
}

export function needsOf(handle: unknown): RouteNeeds | undefined {
  return typeof handle === 'object' && handle !== null && 'needs' in handle
    ? (handle as { needs: RouteNeeds }).needs
    : undefined;
}

/** What the routes matching `pathname` need, outermost first. */
export function routeNeeds(routes: RouteObject[], pathname: string): RouteNeeds[] {
  return (matchRoutes(routes, pathname) ?? [])
    .map((match) => needsOf(match.route.handle))
    .filter((needs) => needs !== undefined);
}

/** Asks, all at once, for everything the page at `pathname` needs. */
export function preloadRoute(
  routes: RouteObject[],
  pathname: string,
  i18n: i18n,
  startEarly: (endpoint: EarlyEndpoint) => void = requestEarly,
): void {
  const needs = routeNeeds(routes, pathname);
  const namespaces = needs.flatMap((need) => need.namespaces ?? []);
  // Joins the shell's own load (i18next requests each file once).
  if (namespaces.length > 0) void i18n.loadNamespaces(namespaces);
  for (const need of needs) {
    // A failed chunk shows when the page renders it (the error boundary); not twice.
    void need.code?.().catch(() => undefined);
    for (const endpoint of need.early ?? []) startEarly(endpoint);
  }
}

/** A lazy component whose chunk can also be fetched ahead of rendering (`load`). */
export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  load: () => Promise<unknown>;
};

/** React.lazy for a named export, with its loader kept for the route table's `code`. */
export function lazyNamed<M, P>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): PreloadableComponent<P> {
  const component = lazy(() => load().then((module) => ({ default: pick(module) })));
  return Object.assign(component, { load });
}
