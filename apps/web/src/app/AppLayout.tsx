import { Spinner } from '@studio/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { AuthConfigurationAlert } from '../features/auth/components/AuthConfigurationAlert';
import { SignInModalContext, type SignInModalControls } from '../lib/signInModal';
import { useAuth, type AuthStatus } from '../features/auth/hooks/useAuth';
import { useAuthFailureToast } from '../features/auth/hooks/useAuthFailureToast';
import type { CheckoutChoice } from '../features/payments/checkout/checkout';
import { hasUpgradeMarker } from '../features/payments/checkout/postAuthMarker';
import { UpgradeModalContext, type UpgradeModalControls } from '../lib/upgradeModal';
import { PreferenceControls } from '../features/preferences/components/PreferenceControls';
import { Footer } from '../features/shell/components/Footer';
import { Header } from '../features/shell/components/Header';
import { Layout } from '../features/shell/components/Layout';
import { SandboxBanner } from '../features/shell/components/SandboxBanner';
import { SignInButton } from '../features/shell/components/SignInButton';
import { UserMenu } from '../features/shell/components/UserMenu';
import { paths } from '../lib/paths';
import { useRuntimeConfig } from '../lib/runtimeConfig';
import { useAppServices } from './services';

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

// The Pro upgrade modal (plans, pricing, checkout, the payments translations): on first use too.
const UpgradeModal = lazy(() =>
  import('./upgrade/UpgradeModal').then((module) => ({
    default: module.UpgradeModal,
  })),
);

interface UpgradeState {
  requested: boolean;
  open: boolean;
  step: 'auth' | 'plan' | 'payment';
  choice?: CheckoutChoice;
}

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
  const signInControls = useMemo<SignInModalControls>(
    () => ({ open: () => setLogin({ requested: true, open: true }) }),
    [],
  );
  const { store } = useAppServices();
  const [upgrade, setUpgrade] = useState<UpgradeState>({
    requested: false,
    open: false,
    step: 'auth',
  });
  // §2: back signed in from a sign-in the Pro modal started (a full-page redirect), it reopens
  // at the plan step; the modal clears the marker. Checked as the auth status changes, during
  // render, so the modal opens in the same pass as the signed-in page.
  const [checkedStatus, setCheckedStatus] = useState<AuthStatus | null>(null);
  if (checkedStatus !== auth.status) {
    setCheckedStatus(auth.status);
    if (auth.status === 'authenticated' && hasUpgradeMarker(store)) {
      setUpgrade({ requested: true, open: true, step: 'plan' });
    }
  }
  const signedIn = auth.status === 'authenticated';
  const upgradeControls = useMemo<UpgradeModalControls>(
    () => ({
      open: (request = {}) =>
        setUpgrade({
          requested: true,
          open: true,
          // Signed out, every way in starts by signing in (§2).
          step: signedIn ? (request.step ?? 'plan') : 'auth',
          ...(request.choice ? { choice: request.choice } : {}),
        }),
    }),
    [signedIn],
  );
  // /login and /register show the same panel already.
  const onAuthPage = pathname === paths.login || pathname === paths.register;
  return (
    <SignInModalContext value={signInControls}>
      <UpgradeModalContext value={upgradeControls}>
        <Layout
          banner={
            <>
              {sandbox ? <SandboxBanner /> : null}
              <AuthConfigurationAlert />
            </>
          }
          header={
            <Header
              preferences={<PreferenceControls />}
              onPro={() => upgradeControls.open()}
              // The profile is read again when a payment completes (app/paymentRouteElements.tsx).
              pro={auth.user?.subscriptionTier === 'pro'}
              signIn={
                auth.status === 'unauthenticated' && !onAuthPage ? (
                  <SignInButton onClick={openLogin} />
                ) : null
              }
              userMenu={
                <UserMenu
                  userName={auth.user?.displayName ?? null}
                  onSignIn={openLogin}
                  onSignOut={() =>
                    void auth
                      .signOut()
                      .catch((error: unknown) => reportFailure(error, t('header.signOutFailed')))
                  }
                />
              }
            />
          }
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
        {login.requested ? (
          <Suspense fallback={<Spinner overlay="fullscreen" />}>
            <LoginModal
              open={login.open}
              onOpenChange={(open) => setLogin({ requested: true, open })}
            />
          </Suspense>
        ) : null}
        {upgrade.requested ? (
          <Suspense fallback={<Spinner overlay="fullscreen" />}>
            <UpgradeModal
              open={upgrade.open}
              onOpenChange={(open) => setUpgrade((current) => ({ ...current, open }))}
              intent="pro"
              initialStep={upgrade.step}
              {...(upgrade.choice ? { initialChoice: upgrade.choice } : {})}
              store={store}
            />
          </Suspense>
        ) : null}
      </UpgradeModalContext>
    </SignInModalContext>
  );
}
