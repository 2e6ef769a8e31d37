import { Spinner } from '@studio/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/hooks/useAuth';
import { useAuthFailureToast } from '../features/auth/hooks/useAuthFailureToast';
import { PreferenceControls } from '../features/preferences/components/PreferenceControls';
import { Footer } from '../features/shell/components/Footer';
import { Header } from '../features/shell/components/Header';
import { Layout } from '../features/shell/components/Layout';
import { SandboxBanner } from '../features/shell/components/SandboxBanner';
import { UserMenu } from '../features/shell/components/UserMenu';
import { useRuntimeConfig } from '../lib/runtimeConfig';

// The form (react-hook-form, zod) loads when the footer is opened, not with the first page.
const NewsletterForm = lazy(() =>
  import('../features/newsletter/components/NewsletterForm').then((module) => ({
    default: module.NewsletterForm,
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
  return (
    <Layout
      banner={sandbox ? <SandboxBanner /> : null}
      header={(sidebar) => (
        <Header
          sidebar={sidebar}
          preferences={<PreferenceControls />}
          userMenu={
            <UserMenu
              userName={auth.user?.displayName ?? null}
              onSignOut={() =>
                void auth
                  .signOut()
                  .catch((error: unknown) => reportFailure(error, t('header.signOutFailed')))
              }
            />
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
