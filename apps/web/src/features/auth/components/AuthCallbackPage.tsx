import { Spinner } from '@studio/ui';
import { CircleX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RouterLink } from '../../../components/RouterLink';
import { StatusPanel } from '../../../components/StatusPanel';
import { useErrorText } from '../../../lib/api/useErrorText';
import { paths } from '../../../lib/paths';
import { AuthUnavailableError } from '../authService';
import { useAuth } from '../hooks/useAuth';

/** /auth/callback: completes the external sign-in, then goes to /home (§2). */
export function AuthCallbackPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { completeRedirect } = useAuth();
  const describe = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  // The provider's answer is single-use: complete it once, even when effects run twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeRedirect(window.location.href)
      .then(() => navigate(paths.userHome, { replace: true }))
      .catch((error: unknown) =>
        setFailure(error instanceof AuthUnavailableError ? t('auth.unavailable') : describe(error)),
      );
  }, [completeRedirect, navigate, describe, t]);

  if (failure === null) return <Spinner size="large" text={t('auth.callback.working')} />;
  return (
    <StatusPanel
      role="alert"
      tone="critical"
      icon={<CircleX size={40} />}
      title={t('auth.callback.failed')}
      description={failure}
      actions={<RouterLink to={paths.login}>{t('auth.callback.backToLogin')}</RouterLink>}
    />
  );
}
