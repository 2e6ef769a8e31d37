/**
 * The route elements of /payment/callback and /membership: they hand the app's context (auth,
 * the Pro modal, the store) to the pages as props. A module of its own, loaded with those
 * routes, so none of it weighs on the first load of / or /plans.
 */
import { useCallback } from 'react';
import { useAuth } from '../features/auth/hooks/useAuth';
import { invalidateMembership } from '../features/payments/api/getMembership';
import { PaymentCallbackPage } from '../features/payments/components/callback/PaymentCallbackPage';
import { MembershipPage } from '../features/payments/components/membership/MembershipPage';
import { useAppServices } from './services';
import { useChoosePro } from './useChoosePro';

export function PaymentCallbackRoute() {
  const { store } = useAppServices();
  const auth = useAuth();
  const choosePro = useChoosePro();
  const signedIn = auth.status === 'authenticated';
  const { reloadUser } = auth;
  // A completed payment changes the tier: the profile is read again so the header and chat know
  // at once, and the membership (plan, history) the moment it is shown.
  const onCompleted = useCallback(() => {
    if (!signedIn) return;
    invalidateMembership();
    reloadUser().catch((error: unknown) => {
      console.warn(
        'Reading the profile after the payment failed; the tier shows on reload.',
        error,
      );
    });
  }, [signedIn, reloadUser]);
  return <PaymentCallbackPage store={store} onCompleted={onCompleted} onTryAgain={choosePro} />;
}

export function MembershipRoute() {
  // Behind RequireAuth, so a user is there; null only for the instant a 401 signs them out.
  const { user } = useAuth();
  const choosePro = useChoosePro();
  return user ? <MembershipPage user={user} onChoosePro={choosePro} /> : null;
}
