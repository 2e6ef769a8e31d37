import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { narrowPage } from '../../../components/styles.css';
import { paths } from '../../../lib/paths';
import { AuthPanel, type AuthTab } from './AuthPanel';
import { isLoginRedirectState } from './RequireAuth';
import { signInDestination } from './signInDestination';

export interface AuthPageProps {
  /** Which tab the route opens: /login or /register (§2: the same auth page). */
  mode: AuthTab;
}

/**
 * /login and /register: the login modal's panel as a page. Switching tabs switches the URL. After
 * signing in the visitor returns to the page the guard sent them from, else /profile (§2).
 */
export function AuthPage({ mode }: AuthPageProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = isLoginRedirectState(location.state) ? location.state.from : null;
  return (
    <div className={narrowPage}>
      <PageHeader title={t('panel.heading')} intro={t('panel.intro')} />
      <AuthPanel
        tab={mode}
        onTabChange={(tab) =>
          void navigate(tab === 'register' ? paths.register : paths.login, {
            replace: true,
            state: location.state,
          })
        }
        onSignedIn={() =>
          void navigate(signInDestination(from, location.pathname), { replace: true })
        }
      />
    </div>
  );
}
