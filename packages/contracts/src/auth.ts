import { z } from 'zod';
import { emailAddress } from './common.ts';
import { currencyCode, languageCode } from './preferences.ts';

/**
 * Sign-in (§1, §3, §5, §7 Auth). Two kinds of bearer tokens reach the API: the external identity
 * service's (Google, Microsoft, Apple through MSAL) and the API's own first-party ones (password
 * and e-mail code). Both are answered with the same user profile.
 */

/** §9: the form's minimum (§5 'Password must be at least 6 characters'). */
export const passwordMinLength = 6;
/** The server's minimum for new passwords (ASVS 6.2.1); the §5 rule of 6 is the form's first check. */
export const newPasswordMinLength = 8;
/** Long passphrases are welcome (ASVS 6.2.9); the cap only bounds hashing work. */
export const passwordMaxLength = 256;
export const usernameMinLength = 3;
export const usernameMaxLength = 40;
export const displayNameMaxLength = 80;

export const themeNames = ['dark', 'light', 'cherry', 'eggplant', 'apricot', 'forest'] as const;
export const themeName = z.enum(themeNames);

/** How the account was first created (§3 authProvider). */
export const authProviders = [
  'password',
  'email-code',
  'google',
  'microsoft',
  'apple',
  'oidc',
] as const;
export const authProvider = z.enum(authProviders);
export type AuthProvider = z.infer<typeof authProvider>;

/** The domain hint the SPA passes to the external identity service (§7). */
export const domainHints = ['microsoft', 'google', 'apple'] as const;
export type DomainHint = (typeof domainHints)[number];

export const subscriptionTiers = ['free', 'pro'] as const;
export const subscriptionTier = z.enum(subscriptionTiers);

/** §3 Preferences; every field has the §9 default. */
export const userPreferences = z.object({
  language: languageCode,
  currency: currencyCode,
  theme: themeName,
});
export type UserPreferences = z.infer<typeof userPreferences>;

/** §3 User profile. */
export const userProfile = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  displayName: z.string(),
  authProvider,
  roles: z.array(z.string()),
  preferences: userPreferences,
  subscriptionTier,
  createdAt: z.iso.datetime(),
});
export type UserProfile = z.infer<typeof userProfile>;

const password = z
  .string()
  .min(passwordMinLength, 'Password must be at least 6 characters')
  .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters`);

const username = z
  .string()
  .trim()
  .min(usernameMinLength, 'Username must be at least 3 characters')
  .max(usernameMaxLength, `Username must be at most ${usernameMaxLength} characters`);

/** A 6-digit one-time code; spaces users paste with it are dropped. */
export const oneTimeCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the email'));

/** POST /api/auth/login */
export const loginRequest = z.object({ email: emailAddress, password });
export type LoginRequest = z.input<typeof loginRequest>;

/**
 * POST /api/auth/register. Answers 202 whether or not the address already has an account (no
 * enumeration); a code to confirm it goes to the address, and register/confirm finishes.
 */
export const registerRequest = z.object({ username, email: emailAddress, password });
export type RegisterRequest = z.input<typeof registerRequest>;

/** POST /api/auth/register/confirm */
export const confirmRegistrationRequest = z.object({ email: emailAddress, code: oneTimeCode });
export type ConfirmRegistrationRequest = z.input<typeof confirmRegistrationRequest>;

/** POST /api/auth/request-code (§7) */
export const requestCodeRequest = z.object({ email: emailAddress });
export type RequestCodeRequest = z.input<typeof requestCodeRequest>;

/** POST /api/auth/verify-code (§7) */
export const verifyCodeRequest = z.object({ email: emailAddress, code: oneTimeCode });
export type VerifyCodeRequest = z.input<typeof verifyCodeRequest>;

/** POST /api/auth/request-password-reset: the link goes to the address if it has an account. */
export const requestPasswordResetRequest = z.object({ email: emailAddress });
export type RequestPasswordResetRequest = z.input<typeof requestPasswordResetRequest>;

/** POST /api/auth/complete-reset-password (§7) */
export const completeResetPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  newPassword: password,
});
export type CompleteResetPasswordRequest = z.input<typeof completeResetPasswordRequest>;

/** The same neutral answer for every request that must not reveal whether an account exists. */
export const acceptedResponse = z.object({ message: z.string() });
export type AcceptedResponse = z.infer<typeof acceptedResponse>;

/**
 * A first-party session: the short-lived access token the SPA keeps in local storage (§3 token)
 * and the profile. The refresh token never appears in a body: it is an HttpOnly cookie.
 */
export const sessionResponse = z.object({
  accessToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  tokenType: z.literal('Bearer'),
  user: userProfile,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** GET /api/auth/sessions: the first-party sign-ins of the current user. */
export const sessionSummary = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  userAgent: z.string().nullable(),
  method: authProvider,
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;
export const sessionListResponse = z.object({ sessions: z.array(sessionSummary) });
export type SessionListResponse = z.infer<typeof sessionListResponse>;

/** PATCH /api/userprofile: only these fields; anything else is refused (mass assignment). */
export const updateProfileRequest = z.strictObject({
  displayName: z
    .string()
    .trim()
    .min(1, 'Display name is required')
    .max(displayNameMaxLength, `Display name must be at most ${displayNameMaxLength} characters`),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

/** DELETE /api/userprofile asks for this confirmation in the body. */
export const deleteAccountRequest = z.strictObject({ confirm: z.literal('DELETE') });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

/** PATCH /api/userprofile/preferences (§7): any subset of the preferences. */
export const updatePreferencesRequest = userPreferences.partial().strict();
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesRequest>;

/** PUT /api/userpreferences/language (§7) */
export const updateLanguageRequest = z.object({ language: languageCode });
/** PUT /api/userpreferences/currency (§7) */
export const updateCurrencyRequest = z.object({ currency: currencyCode });

/**
 * The external identity service as the SPA's MSAL sees it (served in /config.json). `aad` is
 * Azure AD B2C or Entra External ID, `oidc` any OpenID Connect provider (the sandbox is one).
 */
export const identityClientConfig = z.object({
  protocolMode: z.enum(['aad', 'oidc']),
  clientId: z.string(),
  /** Sign-in authority (for B2C: https://<t>.b2clogin.com/<t>.onmicrosoft.com/<policy>). */
  authority: z.string(),
  /** B2C only: the password-reset policy's authority (§7 "a separate policy"). */
  resetPasswordAuthority: z.string().nullable(),
  knownAuthorities: z.array(z.string()),
  /** Scopes asked for the API's access token. */
  scopes: z.array(z.string()),
  /** OIDC mode on loopback: the provider's metadata, so MSAL never needs an https discovery. */
  authorityMetadata: z.string().nullable(),
  /** Path of the redirect bridge page (§2 /auth/callback). */
  redirectPath: z.string(),
  /** Path the provider returns to after sign-out (§2 /auth/signout-callback). */
  postLogoutRedirectPath: z.string(),
  /** True when the sandbox identity provider stands in for the real one. */
  sandbox: z.boolean(),
});
export type IdentityClientConfig = z.infer<typeof identityClientConfig>;
