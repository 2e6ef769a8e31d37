import { Spinner } from '@studio/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import type { RouteHandle } from '../features/shell/components/DocumentTitle';
import { AppLayout } from './AppLayout';
import {
  HomeRoute,
  MembershipRoute,
  PaymentCallbackRoute,
  PlansRoute,
  ProfileRoute,
  UserHomeRoute,
} from './routeElements';

/*
 * Every page is its own chunk (route-level code splitting): a visitor downloads the code of the
 * pages they open, and the Layout's Suspense shows a spinner meanwhile. Chunk files are named by
 * hash only; dist/.vite/manifest.json maps each to its module, for the bundle-size report.
 */
const AboutPage = lazy(() =>
  import('../features/pages/about/AboutPage').then((m) => ({ default: m.AboutPage })),
);
const ContactPage = lazy(() =>
  import('../features/pages/contact/ContactPage').then((m) => ({ default: m.ContactPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/pages/privacy/PrivacyPolicyPage').then((m) => ({
    default: m.PrivacyPolicyPage,
  })),
);
const TermsOfUsePage = lazy(() =>
  import('../features/pages/terms/TermsOfUsePage').then((m) => ({ default: m.TermsOfUsePage })),
);
const HelpCenterPage = lazy(() =>
  import('../features/pages/help/HelpCenterPage').then((m) => ({ default: m.HelpCenterPage })),
);
const ServicesPage = lazy(() =>
  import('../features/pages/services/ServicesPage').then((m) => ({ default: m.ServicesPage })),
);
const OfficeToolsPage = lazy(() =>
  import('../features/pages/office-tools/OfficeToolsPage').then((m) => ({
    default: m.OfficeToolsPage,
  })),
);
// The three image tools share one page (the generator, Imagen, Anime) and its chunk.
const ImageToolRoute = lazy(() =>
  import('./imageRouteElements').then((m) => ({ default: m.ImageToolRoute })),
);
const ServiceUsagePolicyPage = lazy(() =>
  import('../features/pages/service-usage/ServiceUsagePolicyPage').then((m) => ({
    default: m.ServiceUsagePolicyPage,
  })),
);
const PurchasesRefundsPage = lazy(() =>
  import('../features/pages/purchases-refunds/PurchasesRefundsPage').then((m) => ({
    default: m.PurchasesRefundsPage,
  })),
);
const OwnershipIpPage = lazy(() =>
  import('../features/pages/ownership-ip/OwnershipIpPage').then((m) => ({
    default: m.OwnershipIpPage,
  })),
);
const ShippingInspectionPage = lazy(() =>
  import('../features/pages/shipping-inspection/ShippingInspectionPage').then((m) => ({
    default: m.ShippingInspectionPage,
  })),
);
const VnpayInstructionsPage = lazy(() =>
  import('../features/pages/vnpay-instructions/VnpayInstructionsPage').then((m) => ({
    default: m.VnpayInstructionsPage,
  })),
);
const AuthPage = lazy(() =>
  import('../features/auth/components/AuthPage').then((m) => ({ default: m.AuthPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/ResetPasswordPage').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const AuthCallbackPage = lazy(() =>
  import('../features/auth/components/AuthCallbackPage').then((m) => ({
    default: m.AuthCallbackPage,
  })),
);
const SignOutCallbackPage = lazy(() =>
  import('../features/auth/components/SignOutCallbackPage').then((m) => ({
    default: m.SignOutCallbackPage,
  })),
);
const SharedConversationPage = lazy(() =>
  import('../features/share/components/SharedConversationPage').then((m) => ({
    default: m.SharedConversationPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('../features/shell/components/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const ContactForm = lazy(() =>
  import('../features/contact/components/ContactForm').then((m) => ({ default: m.ContactForm })),
);

/** The contact form loads with the page that shows it, with its own spinner. */
function contactForm(): ReactNode {
  return (
    <Suspense fallback={<Spinner />}>
      <ContactForm />
    </Suspense>
  );
}

const titled = (title: RouteHandle['title']): RouteHandle => ({ title });

/** §2's route table. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute />, handle: titled('home') },
      { path: 'login', element: <AuthPage mode="login" />, handle: titled('login') },
      { path: 'register', element: <AuthPage mode="register" />, handle: titled('register') },
      { path: 'reset-password', element: <ResetPasswordPage />, handle: titled('resetPassword') },
      { path: 'auth/callback', element: <AuthCallbackPage />, handle: titled('authCallback') },
      {
        path: 'auth/signout-callback',
        element: <SignOutCallbackPage />,
        handle: titled('signOut'),
      },
      { path: 'plans', element: <PlansRoute />, handle: titled('plans') },
      {
        path: 'payment/callback',
        element: <PaymentCallbackRoute />,
        handle: titled('paymentCallback'),
      },
      {
        path: 'about-us',
        element: <AboutPage contactForm={contactForm()} />,
        handle: titled('aboutUs'),
      },
      { path: 'privacy-policy', element: <PrivacyPolicyPage />, handle: titled('privacyPolicy') },
      { path: 'terms-of-use', element: <TermsOfUsePage />, handle: titled('termsOfUse') },
      { path: 'help', element: <HelpCenterPage />, handle: titled('help') },
      {
        path: 'contact',
        element: <ContactPage contactForm={contactForm()} />,
        handle: titled('contact'),
      },
      { path: 'services', element: <ServicesPage />, handle: titled('services') },
      {
        path: 'image-generator',
        element: <ImageToolRoute tool="generator" />,
        handle: titled('imageGenerator'),
      },
      { path: 'imagen', element: <ImageToolRoute tool="imagen" />, handle: titled('imagen') },
      { path: 'office-tools', element: <OfficeToolsPage />, handle: titled('officeTools') },
      { path: 'anime', element: <ImageToolRoute tool="anime" />, handle: titled('anime') },
      {
        path: 'service-usage-policy',
        element: <ServiceUsagePolicyPage />,
        handle: titled('serviceUsagePolicy'),
      },
      {
        path: 'purchases-refunds',
        element: <PurchasesRefundsPage />,
        handle: titled('purchasesRefunds'),
      },
      { path: 'ownership-ip', element: <OwnershipIpPage />, handle: titled('ownershipIp') },
      {
        path: 'shipping-inspection',
        element: <ShippingInspectionPage />,
        handle: titled('shippingInspection'),
      },
      {
        path: 'vnpay-instructions',
        element: <VnpayInstructionsPage />,
        handle: titled('vnpayInstructions'),
      },
      // An empty slug lands on /share itself: §2's 'Share link is missing or invalid.'
      { path: 'share', element: <SharedConversationPage />, handle: titled('share') },
      { path: 'share/:slug', element: <SharedConversationPage />, handle: titled('share') },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfileRoute />, handle: titled('profile') },
          { path: 'membership', element: <MembershipRoute />, handle: titled('membership') },
          { path: 'home', element: <UserHomeRoute />, handle: titled('userHome') },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: titled('notFound') },
    ],
  },
];
