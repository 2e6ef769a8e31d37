/**
 * Route elements that hand context to pages as props, so pages stay plain components that the
 * stories and tests can render with any data.
 */
import { languages } from '@studio/contracts/options';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/hooks/useAuth';
import { usePreferences } from '../features/preferences/hooks/usePreferences';
import { useAppServices } from './services';

const PlansPage = lazy(() =>
  import('../features/plans/components/PlansPage').then((m) => ({ default: m.PlansPage })),
);
const PaymentCallbackPage = lazy(() =>
  import('../features/payments/components/PaymentCallbackPage').then((m) => ({
    default: m.PaymentCallbackPage,
  })),
);
const ProfilePage = lazy(() =>
  import('../features/account/components/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const MembershipPage = lazy(() =>
  import('../features/account/components/MembershipPage').then((m) => ({
    default: m.MembershipPage,
  })),
);
const UserHomePage = lazy(() =>
  import('../features/account/components/UserHomePage').then((m) => ({
    default: m.UserHomePage,
  })),
);

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
  return user ? <UserHomePage user={user} /> : null;
}
