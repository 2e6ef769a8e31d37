import { Spinner } from '@studio/ui';
import { CircleX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { StatusPanel } from '../../../components/StatusPanel';
import { paths } from '../../../lib/paths';
import { hasAuthResponse } from '../services/authResponse';

/**
 * /auth/callback inside the app. The server answers this path with the separate redirect bridge
 * page (auth-callback.html); the app only meets it where that page is not served (a preview
 * build or the MSW mode of the dev server). It does the bridge's work (hands the identity
 * service's answer to the page that asked) and, with no answer in the URL, offers a way home.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation('common');
  const [hasAnswer] = useState(() => hasAuthResponse(window.location));
  const [failed, setFailed] = useState(false);
  // The answer is single-use: hand it over once, even when effects run twice.
  const started = useRef(false);

  useEffect(() => {
    if (!hasAnswer || started.current) return;
    started.current = true;
    import('@azure/msal-browser/redirect-bridge')
      .then(({ broadcastResponseToMainFrame }) => broadcastResponseToMainFrame())
      .catch((error: unknown) => {
        console.warn('The sign-in answer could not be handed over.', error);
        setFailed(true);
      });
  }, [hasAnswer]);

  if (hasAnswer && !failed) return <Spinner size="large" text={t('session.finishing')} />;
  return (
    <StatusPanel
      role={failed ? 'alert' : 'status'}
      tone={failed ? 'critical' : 'neutral'}
      icon={<CircleX size={40} />}
      title={t(failed ? 'session.failed' : 'session.noAnswer')}
      actions={<RouterLink to={paths.home}>{t('session.backHome')}</RouterLink>}
    />
  );
}
