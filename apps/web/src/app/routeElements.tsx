/**
 * Route elements that hand context to pages as props, so pages stay plain components that the
 * stories and tests can render with any data.
 */
import { lazy, Suspense } from 'react';
import { useAuth } from '../features/auth/hooks/useAuth';
import { paths } from '../lib/paths';

const HomePage = lazy(() =>
  import('../features/pages/home/HomePage').then((m) => ({ default: m.HomePage })),
);
// The visitor chat: its own chunk, fetched once the home page has rendered.
const VisitorChat = lazy(() =>
  import('../features/chat/components/VisitorChat').then((m) => ({ default: m.VisitorChat })),
);
// /profile (with its shared links section) and /home (the greeting; the chat loads after it):
// each route's element with its page, fetched when the route is visited.
export const ProfileRoute = lazy(() =>
  import('./profileRouteElement').then((m) => ({ default: m.ProfileRoute })),
);
export const UserHomeRoute = lazy(() =>
  import('./userHomeRouteElement').then((m) => ({ default: m.UserHomeRoute })),
);
// Plans & Pricing, the payment return and membership: each route's element and page in one chunk
// (app/paymentRouteElements), fetched when the route is visited.
export const PlansRoute = lazy(() =>
  import('./paymentRouteElements').then((m) => ({ default: m.PlansRoute })),
);
export const PaymentCallbackRoute = lazy(() =>
  import('./paymentRouteElements').then((m) => ({ default: m.PaymentCallbackRoute })),
);
export const MembershipRoute = lazy(() =>
  import('./paymentRouteElements').then((m) => ({ default: m.MembershipRoute })),
);
/** `/`: the home page, with the visitor chat for those not signed in (theirs is on /home). */
export function HomeRoute() {
  const { status } = useAuth();
  // Not while auth starts: a returning user would see the visitor chat flash and go.
  const chat =
    status !== 'unauthenticated' ? null : (
      <Suspense fallback={null}>
        <VisitorChat />
      </Suspense>
    );
  // A visitor's "Start chatting" jumps to their chat below (VisitorChat's heading id; the scroll
  // restoration scrolls to a hash target); a signed-in user's goes to theirs on /home.
  return (
    <HomePage
      chat={chat}
      startChatTo={status === 'authenticated' ? paths.userHome : '#visitor-chat-title'}
    />
  );
}
