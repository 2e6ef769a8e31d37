import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageTitle } from '../pages';

/** What a route of the route table declares in its `handle`. */
export interface RouteHandle {
  title: PageTitle;
}

/** The title a route's `handle` declares, if it declares one. */
export function titleOf(handle: unknown): PageTitle | undefined {
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? (handle as RouteHandle).title
    : undefined;
}

/** The deepest matched route's title, provided where the route table is rendered. */
export const RouteTitleContext = createContext<PageTitle | undefined>(undefined);

/** Sets document.title from the page's title, in the interface language. */
export function DocumentTitle() {
  const title = useContext(RouteTitleContext);
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = title ? t('titles.template', { page: t(`titles.${title}`) }) : t('app.name');
  }, [title, t]);
  return null;
}
