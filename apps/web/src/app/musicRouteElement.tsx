/**
 * The music page's route element: the page with who is asking (a user's id and plan, or a
 * visitor's nulls), loaded with the route. A sign-in or sign-out starts the page afresh, since
 * the models allowed, the allowance and where pieces are kept all change with it.
 */
import { useAuth } from '../features/auth/hooks/useAuth';
import { MusicCreatorPage } from '../features/music/components/MusicCreatorPage';
import { PagePending } from '../features/shell/components/PagePending';

export function MusicCreatorRoute() {
  const { status, user } = useAuth();
  // Not while auth starts: a returning user's first calls would go with a visitor key.
  if (status === 'initialising') return <PagePending />;
  const account = user?.id ?? null;
  return <MusicCreatorPage key={account ?? 'visitor'} account={account} />;
}
