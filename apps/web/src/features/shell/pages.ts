/** The pages the shell's menus link to; each name is a key under nav.links and under titles in common.json. */
export type LinkedPage =
  | 'home'
  | 'plans'
  | 'aboutUs'
  | 'privacyPolicy'
  | 'termsOfUse'
  | 'help'
  | 'contact'
  | 'services'
  | 'imageGenerator'
  | 'imagen'
  | 'officeTools'
  | 'anime'
  | 'voiceSynthesis'
  | 'musicCreator'
  | 'vision'
  | 'contentWriter'
  | 'library'
  | 'serviceUsagePolicy'
  | 'purchasesRefunds'
  | 'ownershipIp'
  | 'shippingInspection'
  | 'vnpayInstructions'
  | 'profile'
  | 'membership'
  | 'userHome';

/** Every page with a document title (a key under titles in common.json): the linked pages and those a flow reaches. */
export type PageTitle =
  | LinkedPage
  | 'login'
  | 'register'
  | 'resetPassword'
  | 'authCallback'
  | 'signOut'
  | 'paymentCallback'
  | 'share'
  | 'notFound';
