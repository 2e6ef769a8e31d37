import { useLayoutEffect } from 'react';
import { useLocation, useNavigate, type Location, type NavigateOptions } from 'react-router-dom';

/**
 * The router for code outside React (the auth service, the API clients' 401): where the app is
 * and a way to go elsewhere, handed over by <Bridge /> from inside the router. Before the router
 * has rendered (nothing asks that early) the address bar answers, and a navigation loads the page.
 */
export interface RouterBridge {
  Bridge: () => null;
  location: () => Pick<Location, 'pathname' | 'search' | 'hash' | 'state'>;
  navigate: (to: string, options?: NavigateOptions) => void;
}

export function createRouterBridge(): RouterBridge {
  let router: { location: Location; navigate: ReturnType<typeof useNavigate> } | null = null;

  function Bridge() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      router = { location, navigate };
      return () => {
        router = null;
      };
    }, [location, navigate]);
    return null;
  }

  return {
    Bridge,
    location: () => {
      if (router) return router.location;
      const { pathname, search, hash } = window.location;
      return { pathname, search, hash, state: null };
    },
    navigate: (to, options) => {
      if (router) void router.navigate(to, options);
      else if (options?.replace) window.location.replace(to);
      else window.location.assign(to);
    },
  };
}
