import { Spinner } from '@studio/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { AuthConfigurationAlert } from '../features/auth/components/AuthConfigurationAlert';
import { useAuth } from '../features/auth/hooks/useAuth';
import { useAuthFailureToast } from '../features/auth/hooks/useAuthFailureToast';
import { PreferenceControls } from '../features/preferences/components/PreferenceControls';
import { Footer } from '../features/shell/components/Footer';
import { Header } from '../features/shell/components/Header';
import { Layout } from '../features/shell/components/Layout';
import { SandboxBanner } from '../features/shell/components/SandboxBanner';
import { SignInButton } from '../features/shell/components/SignInButton';
import { UserMenu } from '../features/shell/components/UserMenu';
import { paths } from '../lib/paths';
import { useRuntimeConfig } from '../lib/runtimeConfig';

// The form (react-hook-form, zod) loads when the footer is opened, not with the first page.
const NewsletterForm = lazy(() =>
  import('../features/newsletter/components/NewsletterForm').then((module) => ({
    default: module.NewsletterForm,
  })),
);

// The login modal (forms, zod, the auth translations) loads when someone first asks to sign in.
const LoginModal = lazy(() =>
  import('../features/auth/components/LoginModal').then((module) => ({
    default: module.LoginModal,
  })),
);

export interface AppLayoutProps {
  /** Stories open the footer from the start. */
  footerExpanded?: boolean;
}

/** The shell (§2) wired to the app: sandbox notice, preferences, the user's menu, newsletter. */
export function AppLayout({ footerExpanded = false }: AppLayoutProps) {
  const { t } = useTranslation('common');
  const { sandbox } = useRuntimeConfig();
  const auth = useAuth();
  const reportFailure = useAuthFailureToast();
  const { pathname } = useLocation();
  const [login, setLogin] = useState({ requested: false, open: false });
  const openLogin = () => setLogin({ requested: true, open: true });
  // /login and /register show the same panel already.
  const onAuthPage = pathname === paths.login || pathname === paths.register;
  return (
    <Layout
      banner={
        <>
          {sandbox ? <SandboxBanner /> : null}
          <AuthConfigurationAlert />
        </>
      }
      header={(sidebar) => (
        <Header
          sidebar={sidebar}
          preferences={<PreferenceControls />}
          userMenu={
            <>
              {auth.status === 'unauthenticated' && !onAuthPage ? (
                <SignInButton onClick={openLogin} />
              ) : null}
              <UserMenu
                userName={auth.user?.displayName ?? null}
                onSignIn={openLogin}
                onSignOut={() =>
                  void auth
                    .signOut()
                    .catch((error: unknown) => reportFailure(error, t('header.signOutFailed')))
                }
              />
              {login.requested ? (
                <Suspense fallback={<Spinner overlay="fullscreen" />}>
                  <LoginModal
                    open={login.open}
                    onOpenChange={(open) => setLogin({ requested: true, open })}
                  />
                </Suspense>
              ) : null}
            </>
          }
        />
      )}
      footer={
        <Footer
          defaultExpanded={footerExpanded}
          newsletter={
            <Suspense fallback={<Spinner />}>
              <NewsletterForm />
            </Suspense>
          }
        />
      }
    />
  );
}
