import { Spinner } from '@studio/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useAuth } from '../hooks/useAuth';

/**
 * /auth/signout-callback (§2), where the identity service returns after signing out: forgets
 * every stored auth datum (token, account, MSAL's cache, a pending sign-in), says
 * 'Signing out...' and goes to /.
 */
export function SignOutCallbackPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { endSession } = useAuth();
  useEffect(() => {
    endSession();
    void navigate(paths.home, { replace: true });
  }, [endSession, navigate]);
  return <Spinner size="large" text={t('session.signingOut')} />;
}
