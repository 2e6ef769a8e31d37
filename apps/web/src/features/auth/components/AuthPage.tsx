import { Tabs } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { narrowPage } from '../../../components/styles.css';
import { paths } from '../../../lib/paths';
import type { RegisterValues, SignInValues } from '../authSchemas';
import { useAuth } from '../hooks/useAuth';
import { useAuthFailureToast } from '../hooks/useAuthFailureToast';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { isLoginRedirectState } from './RequireAuth';

export interface AuthPageProps {
  /** Which tab the route opens: /login or /register (§2: the same auth page). */
  mode: 'login' | 'register';
}

/**
 * /login and /register: the Login and Register tabs. Switching tabs switches the URL. After
 * signing in the visitor returns to the page the guard sent them from, else /profile (§2).
 */
export function AuthPage({ mode }: AuthPageProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const reportFailure = useAuthFailureToast();
  const returnTo = isLoginRedirectState(location.state) ? location.state.from : paths.profile;

  const signIn = async ({ email, password }: SignInValues) => {
    try {
      await auth.signIn({ email, password });
      void navigate(returnTo, { replace: true });
    } catch (error) {
      reportFailure(error, t('auth.failed'));
    }
  };

  const register = async ({ username, email, password }: RegisterValues) => {
    try {
      await auth.register({ username, email, password });
      void navigate(returnTo, { replace: true });
    } catch (error) {
      reportFailure(error, t('auth.registerFailed'));
    }
  };

  return (
    <div className={narrowPage}>
      <PageHeader title={t('auth.heading')} intro={t('auth.intro')} />
      <Tabs.Root
        value={mode}
        onValueChange={(value) =>
          void navigate(value === 'register' ? paths.register : paths.login, {
            replace: true,
            state: location.state,
          })
        }
      >
        <Tabs.List aria-label={t('auth.tabsLabel')} fullWidth>
          <Tabs.Trigger value="login">{t('auth.loginTab')}</Tabs.Trigger>
          <Tabs.Trigger value="register">{t('auth.registerTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">
          <LoginForm onSubmit={signIn} />
        </Tabs.Content>
        <Tabs.Content value="register">
          <RegisterForm onSubmit={register} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
