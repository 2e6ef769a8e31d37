/**
 * The route elements of Plans & Pricing, /payment/callback and /membership: they hand the app's
 * context (preferences, auth, the Pro modal) to the pages as props. A module of its own, loaded
 * with those routes, so none of it weighs on the first load of /.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../features/auth/hooks/useAuth';
import type { CheckoutChoice } from '../features/payments/checkout/checkout';
import { invalidateMembership } from '../features/payments/api/getMembership';
import { PaymentCallbackPage } from '../features/payments/components/callback/PaymentCallbackPage';
import { MembershipPage } from '../features/payments/components/membership/MembershipPage';
import { useUpgradeModal } from '../lib/upgradeModal';
import { getPricing, pricingQueryOptions } from '../features/payments/api/getPricing';
import { PlansPage } from '../features/payments/components/plans/PlansPage';
import { prefetchQuery } from '../lib/query';
import { usePreferences } from '../lib/preferences';
import { paths } from '../lib/paths';
import { useAppServices } from './services';

/**
 * What "Choose Pro", "Renew" and "Try again" do: open the shell's Pro modal at the plan step
 * with that period and GodMode; outside the shell (no modal to open) go to Plans & Pricing.
 */
function useChoosePro(): (choice: CheckoutChoice) => void {
  const upgrade = useUpgradeModal();
  const navigate = useNavigate();
  return (choice) => {
    if (upgrade) upgrade.open({ step: 'plan', choice });
    else void navigate(paths.plans);
  };
}

/**
 * Puts the prices in the query cache as soon as this chunk is here, ahead of the page's first
 * render: the plan cards then show what each plan unlocks at once, instead of growing as the
 * prices arrive and pushing everything below them down.
 */
export function preparePlans(): void {
  prefetchQuery(pricingQueryOptions(getPricing));
}

export function PlansRoute() {
  const { currency } = usePreferences();
  const { status } = useAuth();
  const choosePro = useChoosePro();
  return (
    <PlansPage currency={currency} signedIn={status === 'authenticated'} onChoosePro={choosePro} />
  );
}

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
