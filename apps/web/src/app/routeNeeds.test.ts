import type { i18n } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { preloadRoute, routeNeeds } from './routeNeeds';
import { appRoutes } from './routes';

const namespacesOf = (pathname: string) =>
  routeNeeds(appRoutes, pathname).flatMap((needs) => needs.namespaces ?? []);

describe('what a route needs, from the route table', () => {
  it('names the translations of the home page with its visitor chat, of the plans and of a tool', () => {
    expect(namespacesOf('/')).toEqual(['home', 'services', 'chat', 'conversations']);
    expect(namespacesOf('/plans')).toEqual(['billing']);
    expect(namespacesOf('/imagen')).toEqual(['images', 'imageGallery']);
    expect(namespacesOf('/privacy-policy')).toEqual(['legal']);
  });

  it('asks for the code, translations and data of the route being opened, all at once', () => {
    const code = vi.fn(() => Promise.resolve());
    const other = vi.fn(() => Promise.resolve());
    const routes: RouteObject[] = [
      {
        children: [
          {
            path: 'plans',
            handle: {
              title: 'plans',
              needs: { code, early: ['pricing'], namespaces: ['billing'] },
            },
          },
          { path: 'help', handle: { title: 'help', needs: { code: other, namespaces: ['help'] } } },
        ],
      },
    ];
    const loadNamespaces = vi.fn(() => Promise.resolve());
    const requestEarly = vi.fn();
    preloadRoute(routes, '/plans', { loadNamespaces } as unknown as i18n, requestEarly);
    expect(code).toHaveBeenCalledOnce();
    expect(requestEarly).toHaveBeenCalledExactlyOnceWith('pricing');
    expect(loadNamespaces).toHaveBeenCalledWith(['billing']);
    expect(other).not.toHaveBeenCalled();
  });
});
