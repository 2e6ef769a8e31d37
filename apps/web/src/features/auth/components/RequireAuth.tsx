import { Spinner } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useAuth } from '../hooks/useAuth';

/** Router state carried to /login: where to return after signing in. */
export interface LoginRedirectState {
  from: string;
}

export function isLoginRedirectState(value: unknown): value is LoginRedirectState {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { from?: unknown }).from === 'string'
  );
}

/**
 * §2: the sign-in-only routes. A spinner while auth initialises; visitors who are not signed in
 * go to /login, which remembers the path they asked for.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  const { t } = useTranslation('common');
  if (status === 'initialising') return <Spinner size="large" text={t('session.checking')} />;
  if (status === 'unauthenticated') {
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
