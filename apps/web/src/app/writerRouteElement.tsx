/**
 * The content writer's route element: the page with who is asking (a user's id, or a visitor's
 * null), loaded with the route. A sign-in or sign-out starts the page afresh, since the models,
 * the allowance and whose documents are listed all change with it.
 */
import { useAuth } from '../features/auth/hooks/useAuth';
import { PagePending } from '../features/shell/components/PagePending';
import { WriterPage } from '../features/writer/components/WriterPage';

export function WriterRoute() {
  const { status, user } = useAuth();
  // Not while auth starts: a returning user's first calls would go with a visitor key.
  if (status === 'initialising') return <PagePending />;
  const account = user?.id ?? null;
  return <WriterPage key={account ?? 'visitor'} account={account} />;
}
