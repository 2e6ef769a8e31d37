/**
 * The library's route element: the page with who is asking (a user's id, or a visitor's null),
 * loaded with the route. A sign-in or sign-out starts the page afresh, since where the things
 * are kept (the account, this browser) changes with it.
 */
import { useAuth } from '../features/auth/hooks/useAuth';
import { LibraryPage } from '../features/library/components/LibraryPage';
import { PagePending } from '../features/shell/components/PagePending';

export function LibraryRoute() {
  const { status, user } = useAuth();
  // Not while auth starts: a returning user's library would be read from the browser first.
  if (status === 'initialising') return <PagePending />;
  const account = user?.id ?? null;
  return <LibraryPage key={account ?? 'visitor'} account={account} />;
}
