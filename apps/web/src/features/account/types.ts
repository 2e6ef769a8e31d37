import type { AuthProvider } from '@studio/contracts';

/** What the account pages show of the signed-in user (from the auth context). */
export interface AccountSummary {
  displayName: string;
  userName: string;
  email: string;
  /** How the account was first created (§3 authProvider). */
  authProvider: AuthProvider;
  roles: readonly string[];
  subscriptionTier: 'free' | 'pro';
  /** ISO date-time the account was created. */
  createdAt: string;
}

/** The preferences as display texts (the language's and theme's names, the currency code). */
export interface PreferenceSummary {
  language: string;
  currency: string;
  theme: string;
}
