import { z } from 'zod';

/**
 * WebAuthn: passkeys that confirm a payment (§2 Pro modal step 3 and Biometric screens; §3
 * Biometric credential, options and result; §4; §5 credential name; §6; §7 WebAuthn; §8
 * Biometric messages). Options and credential responses are the WebAuthn JSON forms that
 * @simplewebauthn/server produces and @simplewebauthn/browser consumes; this file only checks
 * their outline and leaves the ceremony checks to the server.
 */

/** §5 / §9: a credential name is non-empty after trimming and at most 50 characters. */
export const CREDENTIAL_NAME_MAX = 50;

/** A ceremony's challenge lives this long on the server (the spec's default ceremony timeout). */
export const WEBAUTHN_CHALLENGE_TTL_SECONDS = 300;

/** How long a passed `payment` verification lets the user start payments. */
export const PAYMENT_VERIFICATION_TTL_SECONDS = 600;

/** §8 unsupported hint, exact. */
export const BIOMETRIC_UNSUPPORTED_HINT =
  'Biometric authentication not supported on this device/browser. You can still pay securely.';

/**
 * What a verification is for. `payment` confirms the Pro checkout; `manage` confirms a security
 * change (turning the payment requirement off).
 */
export const webauthnPurposes = ['payment', 'manage'] as const;
export const webauthnPurpose = z.enum(webauthnPurposes);
export type WebauthnPurpose = z.infer<typeof webauthnPurpose>;

/**
 * §8 Biometric messages, as codes: the API sends one in `error`, the SPA shows its own
 * translation. `notSupported` and `cancelled` only arise in the browser.
 */
export const biometricErrorCodes = [
  'notSupported',
  'notAuthenticated',
  'sessionExpired',
  'noCredentials',
  'initError',
  'cancelled',
  'alreadyRegistered',
  'authenticatorNotSupported',
  'createFailed',
  'verificationFailed',
  'invalidName',
  'verificationRequired',
  'lastCredentialRequired',
] as const;
export const biometricErrorCode = z.enum(biometricErrorCodes);
export type BiometricErrorCode = z.infer<typeof biometricErrorCode>;

/** English texts of the codes; the API's `message`/`errorMessage` (the SPA translates codes). */
export const BIOMETRIC_MESSAGES: Readonly<Record<BiometricErrorCode, string>> = {
  notSupported: 'Biometric authentication is not supported in this browser.',
  notAuthenticated: 'Please sign in to use biometric verification.',
  sessionExpired: 'The verification session expired. Please try again.',
  noCredentials: 'No biometric credentials found. Register a device first.',
  initError: 'Biometric verification could not start. Please try again.',
  cancelled: 'Verification was cancelled or the device is locked.',
  alreadyRegistered: 'This authenticator is already registered.',
  authenticatorNotSupported: 'This authenticator is not supported.',
  createFailed: 'Failed to create the credential. Please try again.',
  verificationFailed: 'Biometric verification failed. Please try again.',
  invalidName: 'Enter a name of 1 to 50 characters.',
  verificationRequired: 'Biometric verification is required before payment.',
  lastCredentialRequired:
    'Turn off "require biometric verification" first: it needs at least one active device.',
};

/** §5: trimmed, non-empty, at most 50 characters (counted as characters, not UTF-16 units). */
export const credentialName = z
  .string()
  .trim()
  .refine((name) => name.length > 0, { message: BIOMETRIC_MESSAGES.invalidName })
  .refine((name) => [...name].length <= CREDENTIAL_NAME_MAX, {
    message: BIOMETRIC_MESSAGES.invalidName,
  });

/** A short description of the device, e.g. "Chrome on Windows"; the server trims it to 120. */
export const deviceInfo = z.string().max(500);

/** §3 Biometric credential. */
export const biometricCredential = z.object({
  credentialId: z.string(),
  credentialName: z.string(),
  deviceInfo: z.string(),
  /** ISO date-time, or null when never used. */
  lastUsed: z.string().nullable(),
  createdAt: z.string(),
  isActive: z.boolean(),
});
export type BiometricCredential = z.infer<typeof biometricCredential>;

/** GET /api/webauthn/credentials/{userId}: the list and the payment requirement. */
export const credentialsResponse = z.object({
  credentials: z.array(biometricCredential),
  /** "Require biometric verification before payments" is on. */
  requireForPayments: z.boolean(),
  /** A `payment` verification is still valid until then (ISO), or null. */
  paymentVerifiedUntil: z.string().nullable(),
});
export type CredentialsResponse = z.infer<typeof credentialsResponse>;

/** PUT /api/webauthn/settings. Turning it off needs a fresh `manage` verification. */
export const webauthnSettingsRequest = z.object({ requireForPayments: z.boolean() });
export type WebauthnSettingsRequest = z.infer<typeof webauthnSettingsRequest>;
export const webauthnSettingsResponse = z.object({ requireForPayments: z.boolean() });
export type WebauthnSettingsResponse = z.infer<typeof webauthnSettingsResponse>;

/** The id a path, query or body names must be the signed-in user's own (403 otherwise). */
export const webauthnUserId = z.string().min(1).max(200);

/** POST /api/webauthn/register/begin. */
export const registerBeginRequest = z.object({
  userId: webauthnUserId,
  credentialName,
  deviceInfo: deviceInfo.optional(),
});
export type RegisterBeginRequest = z.infer<typeof registerBeginRequest>;

/** POST /api/webauthn/begin-registration (the older form, §7). */
export const beginRegistrationRequest = z.object({
  userId: webauthnUserId,
  credentialName,
});
export type BeginRegistrationRequest = z.infer<typeof beginRegistrationRequest>;

/** POST /api/webauthn/authenticate/begin. */
export const authenticateBeginRequest = z.object({
  userId: webauthnUserId,
  purpose: webauthnPurpose,
});
export type AuthenticateBeginRequest = z.infer<typeof authenticateBeginRequest>;

/** ?userId= on register/complete; ?userId=&purpose= on authenticate/complete. */
export const registerCompleteQuery = z.object({ userId: webauthnUserId });
export const authenticateCompleteQuery = z.object({
  userId: webauthnUserId,
  purpose: webauthnPurpose,
});

const base64url = z.string().regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

/** PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3 JSON form). */
export const registrationOptions = z.looseObject({
  challenge: base64url,
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: base64url, name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(z.looseObject({ id: base64url, type: z.literal('public-key') })),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.string().optional(),
});
export type RegistrationOptions = z.infer<typeof registrationOptions>;

/** PublicKeyCredentialRequestOptionsJSON. */
export const authenticationOptions = z.looseObject({
  challenge: base64url,
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(z.looseObject({ id: base64url, type: z.literal('public-key') })),
  userVerification: z.string().optional(),
});
export type AuthenticationOptions = z.infer<typeof authenticationOptions>;

/** RegistrationResponseJSON, what navigator.credentials.create() yields in JSON form. */
export const registrationCredential = z.looseObject({
  id: base64url.max(1400),
  rawId: base64url.max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string()).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().optional(),
});
export type RegistrationCredential = z.infer<typeof registrationCredential>;

/** AuthenticationResponseJSON, what navigator.credentials.get() yields in JSON form. */
export const authenticationCredential = z.looseObject({
  id: base64url.max(1400),
  rawId: base64url.max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().optional(),
});
export type AuthenticationCredential = z.infer<typeof authenticationCredential>;

/** POST /api/webauthn/complete-registration (the older form, §7): the parts, flat. */
export const completeRegistrationRequest = z.object({
  credentialId: base64url.min(1).max(1400),
  attestationObject: base64url.min(1),
  clientDataJSON: base64url.min(1),
  credentialName: credentialName.optional(),
  deviceInfo: deviceInfo.optional(),
});
export type CompleteRegistrationRequest = z.infer<typeof completeRegistrationRequest>;

/**
 * §3 result. A failure also carries `message` (the errorResponse every client reads) and the
 * §8 code in `error`.
 */
export const webauthnResult = z.object({
  success: z.boolean(),
  errorMessage: z.string().nullable(),
  message: z.string().optional(),
  error: biometricErrorCode.optional(),
});
export type WebauthnResult = z.infer<typeof webauthnResult>;

/** register/complete and complete-registration: the new credential on success. */
export const registrationResult = webauthnResult.extend({
  credential: biometricCredential.optional(),
});
export type RegistrationResult = z.infer<typeof registrationResult>;

/** authenticate/complete: which credential passed, and until when a payment may start. */
export const authenticationResult = webauthnResult.extend({
  credentialId: z.string().optional(),
  verifiedUntil: z.string().nullable().optional(),
});
export type AuthenticationResult = z.infer<typeof authenticationResult>;

/** PATCH /api/webauthn/credentials: a rename and/or an on/off switch. */
export const updateCredentialRequest = z
  .object({
    credentialId: z.string().min(1).max(1400),
    credentialName: credentialName.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((body) => body.credentialName !== undefined || body.isActive !== undefined, {
    message: 'Give credentialName or isActive',
  });
export type UpdateCredentialRequest = z.infer<typeof updateCredentialRequest>;
