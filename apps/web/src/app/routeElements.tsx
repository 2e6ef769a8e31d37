/**
 * Route elements that hand context to pages as props, so pages stay plain components that the
 * stories and tests can render with any data.
 */
import { Deferred } from '../components/Deferred';
import { PagePending } from '../features/shell/components/PagePending';
import { useAuth } from '../features/auth/hooks/useAuth';
import { paths } from '../lib/paths';
import { lazyNamed, type RouteNeeds } from './routeNeeds';

const HomePage = lazyNamed(
  () => import('../features/pages/home/HomePage'),
  (m) => m.HomePage,
);
// What `/` shows below its first screen: fetched when a visitor is about to see it (Deferred).
const HomeSections = lazyNamed(
  () => import('../features/pages/home/HomeSections'),
  (m) => m.HomeSections,
);
// The visitor chat: its own chunk, fetched with the home page's (routeNeeds) and shown with it.
const VisitorChat = lazyNamed(
  () => import('../features/chat/components/VisitorChat'),
  (m) => m.VisitorChat,
);
// /profile (with its shared links section) and /home (the greeting; the chat loads after it):
// each route's element with its page, fetched when the route is visited.
export const ProfileRoute = lazyNamed(
  () => import('./profileRouteElement'),
  (m) => m.ProfileRoute,
);
export const UserHomeRoute = lazyNamed(
  () => import('./userHomeRouteElement'),
  (m) => m.UserHomeRoute,
);
// Plans & Pricing, and the payment return with membership: each its route element and page
// (app/plansRouteElement, app/paymentRouteElements), fetched when the route is visited.
const loadPlansRoute = () => import('./plansRouteElement');
const loadPaymentRoutes = () => import('./paymentRouteElements');
export const PlansRoute = lazyNamed(loadPlansRoute, (m) => m.PlansRoute);
export const PaymentCallbackRoute = lazyNamed(loadPaymentRoutes, (m) => m.PaymentCallbackRoute);
export const MembershipRoute = lazyNamed(loadPaymentRoutes, (m) => m.MembershipRoute);

/**
 * `/`: the home page and the visitor chat (ToolGrid's services texts, the chat's and its voice
 * controls' conversations texts), and the chat's models.
 */
export const homeNeeds: RouteNeeds = {
  code: () => Promise.all([HomePage.load(), VisitorChat.load()]),
  namespaces: ['home', 'services', 'chat', 'conversations'],
  early: ['chatModels'],
};

/** Plans & Pricing: its chunk, which then fetches the prices into the cache, and the prices. */
export const plansNeeds: RouteNeeds = {
  code: () => loadPlansRoute().then((m) => m.preparePlans()),
  namespaces: ['billing'],
  early: ['pricing'],
};

/** `/`: the home page, with the visitor chat for those not signed in (theirs is on /home). */
export function HomeRoute() {
  const { status } = useAuth();
  // Nothing while auth starts (a returning user would see the visitor chat flash and go), and
  // the page only together with the visitor chat (its chunk and texts, asked for with the
  // page's): the chat sits under the hero's title, and arriving later it would push the rest of
  // the page down. Until then the shell's page placeholder holds the screen.
  if (status === 'initialising') return <PagePending />;
  // A visitor's "Start chatting" jumps to their chat below (VisitorChat's heading id; the scroll
  // restoration scrolls to a hash target); a signed-in user's goes to theirs on /home.
  const startChatTo = status === 'authenticated' ? paths.userHome : '#visitor-chat-title';
  return (
    <HomePage
      chat={status === 'unauthenticated' ? <VisitorChat /> : null}
      startChatTo={startChatTo}
      sections={
        <Deferred name="home-sections">
          <HomeSections startChatTo={startChatTo} />
        </Deferred>
      }
    />
  );
}
