/**
 * /home's route element: the signed-in user's greeting, with the chat workspace in its own chunk
 * so the greeting shows while the chat's code loads. Loaded with the route.
 */
import { Spinner } from '@studio/ui';
import { lazy, Suspense } from 'react';
import { UserHomePage } from '../features/account/components/UserHomePage';
import { useAuth } from '../features/auth/hooks/useAuth';

// What this browser kept from before signing in: read after the page shows, in its own chunk.
const BrowserThingsNotice = lazy(() =>
  import('../features/library/components/BrowserThingsNotice').then((m) => ({
    default: m.BrowserThingsNotice,
  })),
);

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
      notice={
        <Suspense fallback={null}>
          <BrowserThingsNotice key={user.id} account={user.id} />
        </Suspense>
      }
      workspace={
        <Suspense fallback={<Spinner size="large" />}>
          <ChatWorkspace userId={user.id} />
        </Suspense>
      }
    />
  );
}
