/** What the account pages show of the signed-in user (from the auth context). */
export interface AccountSummary {
  displayName: string;
  userName: string;
  email: string;
  roles: readonly string[];
  subscriptionTier: 'free' | 'pro';
}

/** The preferences as display texts (the language's and theme's names, the currency code). */
export interface PreferenceSummary {
  language: string;
  currency: string;
  theme: string;
}
