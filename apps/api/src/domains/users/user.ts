import {
  type AuthProvider,
  authProviders,
  type CurrencyCode,
  isCurrencyCode,
  isLanguageCode,
  type LanguageCode,
  subscriptionTiers,
  themeNames,
  type UserPreferences,
  type UserProfile,
} from '@studio/contracts';
import { tierOf } from '../billing/entitlements.ts';

type ThemeName = (typeof themeNames)[number];
type SubscriptionTier = (typeof subscriptionTiers)[number];

/** A user as the services see it; only the repository knows the row. */
export interface User {
  id: string;
  userName: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string;
  authProvider: AuthProvider;
  roles: string[];
  passwordHash: string | null;
  preferences: UserPreferences;
  /** The stored tier: 'pro' here is a Pro granted by hand, without an end (paid Pro is proUntil). */
  subscriptionTier: SubscriptionTier;
  /** When paid Pro ends (epoch milliseconds), from the entitlement grants; null if never bought. */
  proUntil: number | null;
  /** When the GodMode add-on ends (epoch milliseconds); it counts only while Pro is active. */
  godmodeUntil: number | null;
  /** Epoch milliseconds; tokens issued before it are refused. */
  tokensNotBefore: number | null;
  createdAt: string;
}

export const defaultPreferences: UserPreferences = {
  language: 'en',
  currency: 'USD',
  theme: 'dark',
};

export function asLanguage(value: string): LanguageCode {
  return isLanguageCode(value) ? value : defaultPreferences.language;
}

export function asCurrency(value: string): CurrencyCode {
  return isCurrencyCode(value) ? value : defaultPreferences.currency;
}

export function asTheme(value: string): ThemeName {
  return (themeNames as readonly string[]).includes(value)
    ? (value as ThemeName)
    : defaultPreferences.theme;
}

export function asAuthProvider(value: string): AuthProvider {
  return (authProviders as readonly string[]).includes(value) ? (value as AuthProvider) : 'oidc';
}

export function asSubscriptionTier(value: string): SubscriptionTier {
  return (subscriptionTiers as readonly string[]).includes(value)
    ? (value as SubscriptionTier)
    : 'free';
}

/**
 * The §3 profile: never the password hash or the revocation bookkeeping. subscriptionTier is
 * the effective one: 'pro' while a paid Pro period runs (GodMode is Pro with an add-on).
 */
export function toUserProfile(user: User, now: Date = new Date()): UserProfile {
  return {
    id: user.id,
    userName: user.userName,
    email: user.email ?? '',
    displayName: user.displayName,
    authProvider: user.authProvider,
    roles: user.roles,
    preferences: user.preferences,
    subscriptionTier: tierOf(user, now) === 'free' ? 'free' : 'pro',
    createdAt: user.createdAt,
  };
}

/** A user name from an address's local part, for accounts created without one (§3 userName). */
export function userNameFromEmail(email: string): string {
  const local = email.split('@', 1)[0] ?? '';
  const cleaned = local.replace(/[^\p{L}\p{N}._-]+/gu, '').slice(0, 40);
  return cleaned.length >= 3 ? cleaned : `${cleaned}user`.slice(0, 40);
}
