/**
 * /home's route element: the signed-in user's greeting, with the chat workspace in its own chunk
 * so the greeting shows while the chat's code loads. Loaded with the route.
 */
import { Spinner } from '@studio/ui';
import { lazy, Suspense } from 'react';
import { UserHomePage } from '../features/account/components/UserHomePage';
import { useAuth } from '../features/auth/hooks/useAuth';

const ChatWorkspace = lazy(() =>
  import('./ChatWorkspace').then((m) => ({ default: m.ChatWorkspace })),
);

export function UserHomeRoute() {
  const { user } = useAuth();
  // Behind RequireAuth, so a user is there; null only for the instant a 401 signs them out.
  if (!user) return null;
  return (
    <UserHomePage
      user={user}
      workspace={
        <Suspense fallback={<Spinner size="large" />}>
          <ChatWorkspace userId={user.id} />
        </Suspense>
      }
    />
  );
}
