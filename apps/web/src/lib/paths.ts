/** Every URL of the app (§2), in one table: links and redirects use these, never literals. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  authCallback: '/auth/callback',
  signOutCallback: '/auth/signout-callback',
  plans: '/plans',
  paymentCallback: '/payment/callback',
  aboutUs: '/about-us',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  help: '/help',
  contact: '/contact',
  share: (slug: string) => `/share/${encodeURIComponent(slug)}`,
  profile: '/profile',
  membership: '/membership',
  userHome: '/home',
  services: '/services',
  imageGenerator: '/image-generator',
  imagen: '/imagen',
  officeTools: '/office-tools',
  anime: '/anime',
  voiceSynthesis: '/voice-synthesis',
  musicCreator: '/music-creator',
  vision: '/vision',
  contentWriter: '/content-writer',
  library: '/library',
  serviceUsagePolicy: '/service-usage-policy',
  purchasesRefunds: '/purchases-refunds',
  ownershipIp: '/ownership-ip',
  shippingInspection: '/shipping-inspection',
  vnpayInstructions: '/vnpay-instructions',
} as const;

/**
 * §6: where a 401 does not send the visitor to /login. Everything under /auth is public too.
 */
const publicPaths: readonly string[] = [
  paths.home,
  paths.resetPassword,
  paths.login,
  paths.register,
  paths.aboutUs,
  paths.privacyPolicy,
  paths.termsOfUse,
  paths.help,
];

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPaths.includes(path) || path === '/auth' || path.startsWith('/auth/');
}
