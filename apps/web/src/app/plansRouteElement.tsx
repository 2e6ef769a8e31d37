/**
 * The route element of Plans & Pricing: it hands the app's context (preferences, auth, the Pro
 * modal) to the page as props. A module of its own, loaded with the route, so none of it weighs
 * on the first load of /, and nothing of the payment return or membership (their dialogs)
 * weighs on the first load of /plans.
 */
import { useAuth } from '../features/auth/hooks/useAuth';
import { getPricing, pricingQueryOptions } from '../features/payments/api/getPricing';
import { PlansPage } from '../features/payments/components/plans/PlansPage';
import { prefetchQuery } from '../lib/query';
import { usePreferences } from '../lib/preferences';
import { useChoosePro } from './useChoosePro';

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
