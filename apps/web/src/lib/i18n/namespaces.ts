import { languageCodes } from '@studio/contracts/options';

/** The shell's own namespace: header, menus, footer, preferences, errors, account pages. */
export const commonNamespace = 'common';

/**
 * Every namespace under public/locales, one per feature. Pages load theirs on first use
 * (useTranslation suspends until /locales/{lng}/{ns}.json has arrived).
 */
export const webNamespaces = [
  commonNamespace,
  'home',
  'about',
  'legal',
  'help',
  'services',
  'vnpay',
  'contact',
  // Sign-in, registration, password reset and the profile: loaded with the login modal or page.
  'auth',
] as const;
export type WebNamespace = (typeof webNamespaces)[number];

export const supportedLanguages = languageCodes;
export const fallbackLanguage = 'en';
