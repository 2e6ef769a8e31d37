/**
 * The voice page's route element: the page with who is asking (a user's id and plan, or a
 * visitor's nulls), loaded with the route. A sign-in or sign-out starts the page afresh, since
 * the voices allowed, the allowance and where clips are kept all change with it.
 */
import { useAuth } from '../features/auth/hooks/useAuth';
import { PagePending } from '../features/shell/components/PagePending';
import { VoiceSynthesisPage } from '../features/voice/components/VoiceSynthesisPage';

export function VoiceSynthesisRoute() {
  const { status, user } = useAuth();
  // Not while auth starts: a returning user's first calls would go with a visitor key.
  if (status === 'initialising') return <PagePending />;
  const account = user?.id ?? null;
  return (
    <VoiceSynthesisPage
      key={account ?? 'visitor'}
      account={account}
      plan={user?.subscriptionTier ?? null}
    />
  );
}
