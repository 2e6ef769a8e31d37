/**
 * Route elements that hand context to pages as props, so pages stay plain components that the
 * stories and tests can render with any data.
 */
import { languages } from '@studio/contracts/options';
import { Spinner } from '@studio/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/hooks/useAuth';
import { usePreferences } from '../features/preferences/hooks/usePreferences';
import { useAppServices } from './services';

const HomePage = lazy(() =>
  import('../features/pages/home/HomePage').then((m) => ({ default: m.HomePage })),
);
// The visitor chat: its own chunk, fetched once the home page has rendered.
const VisitorChat = lazy(() =>
  import('../features/chat/components/VisitorChat').then((m) => ({ default: m.VisitorChat })),
);
const PlansPage = lazy(() =>
  import('../features/plans/components/PlansPage').then((m) => ({ default: m.PlansPage })),
);
const PaymentCallbackPage = lazy(() =>
  import('../features/payments/components/PaymentCallbackPage').then((m) => ({
    default: m.PaymentCallbackPage,
  })),
);
// The profile page with the shared links section composed into it (app/ProfileWithSharedLinks).
const ProfilePage = lazy(() =>
  import('./ProfileWithSharedLinks').then((m) => ({ default: m.ProfileWithSharedLinks })),
);
const MembershipPage = lazy(() =>
  import('../features/account/components/MembershipPage').then((m) => ({
    default: m.MembershipPage,
  })),
);
const ChatWorkspace = lazy(() =>
  import('./ChatWorkspace').then((m) => ({ default: m.ChatWorkspace })),
);
const UserHomePage = lazy(() =>
  import('../features/account/components/UserHomePage').then((m) => ({
    default: m.UserHomePage,
  })),
);

/** `/`: the home page, with the visitor chat for those not signed in (theirs is on /home). */
export function HomeRoute() {
  const { status } = useAuth();
  // Not while auth starts: a returning user would see the visitor chat flash and go.
  const chat =
    status !== 'unauthenticated' ? null : (
      <Suspense fallback={null}>
        <VisitorChat />
      </Suspense>
    );
  return <HomePage chat={chat} />;
}

export function PlansRoute() {
  const { currency } = usePreferences();
  const { status } = useAuth();
  return <PlansPage currency={currency} signedIn={status === 'authenticated'} />;
}

export function PaymentCallbackRoute() {
  const { store } = useAppServices();
  return <PaymentCallbackPage store={store} />;
}

/** Behind RequireAuth, so a user is there; null only for the instant a 401 signs them out. */
function useSignedInUser() {
  return useAuth().user;
}

export function ProfileRoute() {
  const auth = useAuth();
  const { language, currency, theme } = usePreferences();
  const { t } = useTranslation('ui');
  if (!auth.user) return null;
  return (
    <ProfilePage
      user={auth.user}
      preferences={{
        language: languages[language].name,
        currency,
        theme: t(`theme.names.${theme}`),
      }}
      onProfileChanged={() =>
        void auth.reloadUser().catch((error: unknown) => {
          console.warn('Reading the profile again failed; it shows the saved name.', error);
        })
      }
      onSignOutEverywhere={auth.signOutEverywhere}
      onAccountDeleted={auth.endSession}
    />
  );
}

export function MembershipRoute() {
  const user = useSignedInUser();
  return user ? <MembershipPage user={user} /> : null;
}

export function UserHomeRoute() {
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <UserHomePage
      user={user}
      workspace={
        // Its own boundary: the greeting shows while the chat's code loads.
        <Suspense fallback={<Spinner size="large" />}>
          <ChatWorkspace userId={user.id} />
        </Suspense>
      }
    />
  );
}
