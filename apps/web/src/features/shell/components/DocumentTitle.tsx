import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';

/** Keys under `titles` in common.json. */
export type PageTitle =
  | 'home'
  | 'login'
  | 'register'
  | 'resetPassword'
  | 'authCallback'
  | 'signOut'
  | 'plans'
  | 'paymentCallback'
  | 'aboutUs'
  | 'privacyPolicy'
  | 'termsOfUse'
  | 'help'
  | 'contact'
  | 'services'
  | 'imagen'
  | 'officeTools'
  | 'anime'
  | 'serviceUsagePolicy'
  | 'purchasesRefunds'
  | 'ownershipIp'
  | 'shippingInspection'
  | 'vnpayInstructions'
  | 'share'
  | 'profile'
  | 'membership'
  | 'userHome'
  | 'notFound';

/** What a route of the route table declares in its `handle`. */
export interface RouteHandle {
  title: PageTitle;
}

function titleOf(handle: unknown): PageTitle | undefined {
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? (handle as RouteHandle).title
    : undefined;
}

/** Sets document.title from the deepest matched route's title, in the interface language. */
export function DocumentTitle() {
  const matches = useMatches();
  const { t } = useTranslation('common');
  const title = matches
    .map((match) => titleOf(match.handle))
    .filter((value) => value !== undefined)
    .at(-1);
  useEffect(() => {
    document.title = title ? t('titles.template', { page: t(`titles.${title}`) }) : t('app.name');
  }, [title, t]);
  return null;
}
