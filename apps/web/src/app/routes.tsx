import { Spinner } from '@studio/ui';
import { Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import type { RouteHandle } from '../features/shell/components/DocumentTitle';
import { AppLayout } from './AppLayout';
import { lazyNamed, type RouteNeeds } from './routeNeeds';
import {
  homeNeeds,
  HomeRoute,
  MembershipRoute,
  PaymentCallbackRoute,
  plansNeeds,
  PlansRoute,
  ProfileRoute,
  UserHomeRoute,
} from './routeElements';

/*
 * Every page is its own chunk (route-level code splitting): a visitor downloads the code of the
 * pages they open, and the Layout's Suspense holds the screen meanwhile (PagePending). Each route's
 * handle says what its first screen needs (its chunk, its translations, its first data), asked for
 * at entry start (routeNeeds.ts). Chunk files are named by hash only; dist/.vite/manifest.json
 * maps each to its module, for the bundle-size report.
 */
const AboutPage = lazyNamed(
  () => import('../features/pages/about/AboutPage'),
  (m) => m.AboutPage,
);
const ContactPage = lazyNamed(
  () => import('../features/pages/contact/ContactPage'),
  (m) => m.ContactPage,
);
const PrivacyPolicyPage = lazyNamed(
  () => import('../features/pages/privacy/PrivacyPolicyPage'),
  (m) => m.PrivacyPolicyPage,
);
const TermsOfUsePage = lazyNamed(
  () => import('../features/pages/terms/TermsOfUsePage'),
  (m) => m.TermsOfUsePage,
);
const HelpCenterPage = lazyNamed(
  () => import('../features/pages/help/HelpCenterPage'),
  (m) => m.HelpCenterPage,
);
const ServicesPage = lazyNamed(
  () => import('../features/pages/services/ServicesPage'),
  (m) => m.ServicesPage,
);
const OfficeToolsRoute = lazyNamed(
  () => import('./officeRouteElement'),
  (m) => m.OfficeToolsRoute,
);
// The three image tools share one page (the generator, Imagen, Anime) and its chunk.
const ImageToolRoute = lazyNamed(
  () => import('./imageRouteElements'),
  (m) => m.ImageToolRoute,
);
const VoiceSynthesisRoute = lazyNamed(
  () => import('./voiceRouteElement'),
  (m) => m.VoiceSynthesisRoute,
);
const MusicCreatorRoute = lazyNamed(
  () => import('./musicRouteElement'),
  (m) => m.MusicCreatorRoute,
);
const VisionRoute = lazyNamed(
  () => import('./visionRouteElement'),
  (m) => m.VisionRoute,
);
const WriterRoute = lazyNamed(
  () => import('./writerRouteElement'),
  (m) => m.WriterRoute,
);
const LibraryRoute = lazyNamed(
  () => import('./libraryRouteElement'),
  (m) => m.LibraryRoute,
);
const ServiceUsagePolicyPage = lazyNamed(
  () => import('../features/pages/service-usage/ServiceUsagePolicyPage'),
  (m) => m.ServiceUsagePolicyPage,
);
const PurchasesRefundsPage = lazyNamed(
  () => import('../features/pages/purchases-refunds/PurchasesRefundsPage'),
  (m) => m.PurchasesRefundsPage,
);
const OwnershipIpPage = lazyNamed(
  () => import('../features/pages/ownership-ip/OwnershipIpPage'),
  (m) => m.OwnershipIpPage,
);
const ShippingInspectionPage = lazyNamed(
  () => import('../features/pages/shipping-inspection/ShippingInspectionPage'),
  (m) => m.ShippingInspectionPage,
);
const VnpayInstructionsPage = lazyNamed(
  () => import('../features/pages/vnpay-instructions/VnpayInstructionsPage'),
  (m) => m.VnpayInstructionsPage,
);
const AuthPage = lazyNamed(
  () => import('../features/auth/components/AuthPage'),
  (m) => m.AuthPage,
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/components/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const AuthCallbackPage = lazyNamed(
  () => import('../features/auth/components/AuthCallbackPage'),
  (m) => m.AuthCallbackPage,
);
const SignOutCallbackPage = lazyNamed(
  () => import('../features/auth/components/SignOutCallbackPage'),
  (m) => m.SignOutCallbackPage,
);
const SharedConversationPage = lazyNamed(
  () => import('../features/share/components/SharedConversationPage'),
  (m) => m.SharedConversationPage,
);
const NotFoundPage = lazyNamed(
  () => import('../features/shell/components/NotFoundPage'),
  (m) => m.NotFoundPage,
);
const ContactForm = lazyNamed(
  () => import('../features/contact/components/ContactForm'),
  (m) => m.ContactForm,
);

/** The contact form loads with the page that shows it, with its own spinner. */
function contactForm(): ReactNode {
  return (
    <Suspense fallback={<Spinner />}>
      <ContactForm />
    </Suspense>
  );
}

/** A route's handle: its title (DocumentTitle) and what it needs to show (routeNeeds.ts). */
const page = (
  title: RouteHandle['title'],
  needs?: RouteNeeds,
): RouteHandle & { needs?: RouteNeeds } => (needs ? { title, needs } : { title });
const titled = (title: RouteHandle['title']) => page(title);
// The three image tools: the page and the gallery under it.
const imageToolNeeds: RouteNeeds = {
  code: ImageToolRoute.load,
  namespaces: ['images', 'imageGallery'],
};
// The policy pages: one LegalDocument each, in the legal namespace.
const legal = (element: { load: () => Promise<unknown> }): RouteNeeds => ({
  code: element.load,
  namespaces: ['legal'],
});

/** §2's route table. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute />, handle: page('home', homeNeeds) },
      {
        path: 'login',
        element: <AuthPage mode="login" />,
        handle: page('login', { code: AuthPage.load, namespaces: ['auth'] }),
      },
      {
        path: 'register',
        element: <AuthPage mode="register" />,
        handle: page('register', { code: AuthPage.load, namespaces: ['auth'] }),
      },
      { path: 'reset-password', element: <ResetPasswordPage />, handle: titled('resetPassword') },
      { path: 'auth/callback', element: <AuthCallbackPage />, handle: titled('authCallback') },
      {
        path: 'auth/signout-callback',
        element: <SignOutCallbackPage />,
        handle: titled('signOut'),
      },
      { path: 'plans', element: <PlansRoute />, handle: page('plans', plansNeeds) },
      {
        path: 'payment/callback',
        element: <PaymentCallbackRoute />,
        handle: titled('paymentCallback'),
      },
      {
        path: 'about-us',
        element: <AboutPage contactForm={contactForm()} />,
        handle: page('aboutUs', { code: AboutPage.load, namespaces: ['about', 'contact'] }),
      },
      {
        path: 'privacy-policy',
        element: <PrivacyPolicyPage />,
        handle: page('privacyPolicy', legal(PrivacyPolicyPage)),
      },
      {
        path: 'terms-of-use',
        element: <TermsOfUsePage />,
        handle: page('termsOfUse', legal(TermsOfUsePage)),
      },
      {
        path: 'help',
        element: <HelpCenterPage />,
        // The tools' names (services) for the answers about them.
        handle: page('help', { code: HelpCenterPage.load, namespaces: ['help', 'services'] }),
      },
      {
        path: 'contact',
        element: <ContactPage contactForm={contactForm()} />,
        handle: page('contact', { code: ContactPage.load, namespaces: ['contact'] }),
      },
      {
        path: 'services',
        element: <ServicesPage />,
        handle: page('services', { code: ServicesPage.load, namespaces: ['services'] }),
      },
      {
        path: 'image-generator',
        element: <ImageToolRoute tool="generator" />,
        handle: page('imageGenerator', imageToolNeeds),
      },
      {
        path: 'imagen',
        element: <ImageToolRoute tool="imagen" />,
        handle: page('imagen', imageToolNeeds),
      },
      {
        path: 'office-tools',
        element: <OfficeToolsRoute />,
        handle: page('officeTools', { code: OfficeToolsRoute.load, namespaces: ['office'] }),
      },
      {
        path: 'anime',
        element: <ImageToolRoute tool="anime" />,
        handle: page('anime', imageToolNeeds),
      },
      {
        path: 'voice-synthesis',
        element: <VoiceSynthesisRoute />,
        handle: page('voiceSynthesis', { code: VoiceSynthesisRoute.load, namespaces: ['voice'] }),
      },
      {
        path: 'music-creator',
        element: <MusicCreatorRoute />,
        handle: page('musicCreator', {
          code: MusicCreatorRoute.load,
          namespaces: ['music', 'media'],
        }),
      },
      {
        path: 'vision',
        element: <VisionRoute />,
        handle: page('vision', { code: VisionRoute.load, namespaces: ['vision'] }),
      },
      {
        path: 'content-writer',
        element: <WriterRoute />,
        handle: page('contentWriter', { code: WriterRoute.load, namespaces: ['writer'] }),
      },
      {
        path: 'library',
        element: <LibraryRoute />,
        handle: page('library', { code: LibraryRoute.load, namespaces: ['library', 'media'] }),
      },
      {
        path: 'service-usage-policy',
        element: <ServiceUsagePolicyPage />,
        handle: page('serviceUsagePolicy', legal(ServiceUsagePolicyPage)),
      },
      {
        path: 'purchases-refunds',
        element: <PurchasesRefundsPage />,
        handle: page('purchasesRefunds', legal(PurchasesRefundsPage)),
      },
      {
        path: 'ownership-ip',
        element: <OwnershipIpPage />,
        handle: page('ownershipIp', legal(OwnershipIpPage)),
      },
      {
        path: 'shipping-inspection',
        element: <ShippingInspectionPage />,
        handle: page('shippingInspection', legal(ShippingInspectionPage)),
      },
      {
        path: 'vnpay-instructions',
        element: <VnpayInstructionsPage />,
        handle: page('vnpayInstructions', {
          code: VnpayInstructionsPage.load,
          namespaces: ['vnpay'],
        }),
      },
      // An empty slug lands on /share itself: §2's 'Share link is missing or invalid.'
      { path: 'share', element: <SharedConversationPage />, handle: titled('share') },
      { path: 'share/:slug', element: <SharedConversationPage />, handle: titled('share') },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfileRoute />, handle: titled('profile') },
          { path: 'membership', element: <MembershipRoute />, handle: titled('membership') },
          {
            path: 'home',
            element: <UserHomeRoute />,
            // The tools card names the open tools by their services texts.
            handle: page('userHome', { namespaces: ['services'] }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: titled('notFound') },
    ],
  },
];
