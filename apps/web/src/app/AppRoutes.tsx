import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RouteTitleContext, titleOf } from '../features/shell/components/DocumentTitle';

/**
 * The route table, rendered for the current location (React Router's declarative mode: the
 * app loads no data through the router, and the data router would be 17 KB more of every first
 * load), with the deepest matched route's title (its `handle`) for the shell's DocumentTitle.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const page = useRoutes(routes, location);
  const title = (matchRoutes(routes, location) ?? [])
    .map((match) => titleOf(match.route.handle))
    .filter((value) => value !== undefined)
    .at(-1);
  return <RouteTitleContext value={title}>{page}</RouteTitleContext>;
}
