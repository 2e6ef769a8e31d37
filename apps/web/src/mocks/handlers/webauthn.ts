import {
  BIOMETRIC_MESSAGES,
  PAYMENT_VERIFICATION_TTL_SECONDS,
  WEBAUTHN_CHALLENGE_TTL_SECONDS,
  authenticateBeginRequest,
  authenticationCredential,
  registerBeginRequest,
  registrationCredential,
  updateCredentialRequest,
  webauthnSettingsRequest,
  type AuthenticationOptions,
  type AuthenticationResult,
  type BiometricCredential,
  type BiometricErrorCode,
  type CredentialsResponse,
  type ErrorResponse,
  type RegistrationOptions,
  type RegistrationResult,
  type WebauthnSettingsResponse,
} from '@studio/contracts';
import { delay, http, HttpResponse } from 'msw';
import { sampleUser } from '../auth';

/**
 * WebAuthn (§7): the signed-in user's devices, the two ceremonies' begin/complete calls, the
 * changes to devices and the payment requirement, validated with the API's contracts. The
 * ceremonies' cryptography is the API's (and its tests'); these answer as the API does once it
 * accepted or refused. Stateless like the other domains, except the name given at register/begin,
 * which complete answers with (the API keeps it with the challenge the same way).
 */

const paths = {
  credentials: '*/api/webauthn/credentials/:userId',
  update: '*/api/webauthn/credentials',
  remove: '*/api/webauthn/credentials/:id',
  registerBegin: '*/api/webauthn/register/begin',
  registerComplete: '*/api/webauthn/register/complete',
  authenticateBegin: '*/api/webauthn/authenticate/begin',
  authenticateComplete: '*/api/webauthn/authenticate/complete',
  settings: '*/api/webauthn/settings',
  vnpayCreate: '*/api/payments/vnpay/create',
  paypalCreate: '*/api/payments/paypal/create',
} as const;

/** Fixed sample devices (fixed dates keep snapshots stable). */
export const sampleCredentials: BiometricCredential[] = [
  {
    credentialId: 'cred-macbook',
    credentialName: 'MacBook Pro Touch ID',
    deviceInfo: 'Chrome on macOS',
    lastUsed: '2026-11-18T08:12:00Z',
    createdAt: '2026-03-14T09:30:00Z',
    isActive: true,
  },
  {
    credentialId: 'cred-pixel',
    credentialName: 'Pixel 9 fingerprint',
    deviceInfo: 'Chrome on Android',
    lastUsed: null,
    createdAt: '2026-10-02T17:45:00Z',
    isActive: true,
  },
  {
    credentialId: 'cred-yubikey',
    credentialName: 'YubiKey 5C',
    deviceInfo: 'Firefox on Windows',
    lastUsed: '2026-06-01T12:00:00Z',
    createdAt: '2025-12-24T10:00:00Z',
    isActive: false,
  },
];

const account = (changes: Partial<CredentialsResponse> = {}): CredentialsResponse => ({
  credentials: sampleCredentials,
  requireForPayments: false,
  paymentVerifiedUntil: null,
  ...changes,
});

/** Base64url of the text, for fixed challenges and ids. */
const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const registrationOptions = (
  userName: string,
  exclude: readonly string[],
): RegistrationOptions => ({
  challenge: base64url('registration-challenge-0123456789abcdef'),
  rp: { name: 'AI Studio', id: 'localhost' },
  user: {
    id: base64url('user-handle-of-linh-0123456789ab'),
    name: userName,
    displayName: userName,
  },
  pubKeyCredParams: [
    { type: 'public-key', alg: -8 },
    { type: 'public-key', alg: -7 },
    { type: 'public-key', alg: -257 },
  ],
  timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
  excludeCredentials: exclude.map((id) => ({ id, type: 'public-key' })),
  authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  attestation: 'none',
});

const authenticationOptions = (ids: readonly string[]): AuthenticationOptions => ({
  challenge: base64url('authentication-challenge-0123456789'),
  rpId: 'localhost',
  timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
  allowCredentials: ids.map((id) => ({ id, type: 'public-key' })),
  userVerification: 'required',
});

const activeIds = sampleCredentials.filter((c) => c.isActive).map((c) => c.credentialId);

/** A §3 result that failed, as the API sends it: the code, and its English text twice. */
const refused = (error: BiometricErrorCode, status: number) =>
  HttpResponse.json(
    {
      success: false,
      errorMessage: BIOMETRIC_MESSAGES[error],
      message: BIOMETRIC_MESSAGES[error],
      error,
    },
    { status },
  );

const failWith = (error: BiometricErrorCode, status: number) =>
  HttpResponse.json<ErrorResponse & { error: BiometricErrorCode }>(
    { message: BIOMETRIC_MESSAGES[error], error },
    { status },
  );

const invalid = (messages: string[]) =>
  HttpResponse.json<ErrorResponse>(
    { message: 'Validation error. Please check your input.', errors: messages },
    { status: 400 },
  );

const never = async () => {
  await delay('infinite');
  return new HttpResponse(null, { status: 504 });
};
const bare = () => new HttpResponse(null, { status: 500 });

/** What register/begin was given, for register/complete to answer with. */
let pendingRegistration: { credentialName: string; deviceInfo: string } | null = null;

const credentialsWith = (changes: Partial<CredentialsResponse>) =>
  http.get<{ userId: string }, never, CredentialsResponse>(paths.credentials, () =>
    HttpResponse.json(account(changes)),
  );

export const webauthnHandlers = {
  /** The sample devices, nothing required. */
  credentials: credentialsWith({}),
  /** No devices yet: the payment step offers "enable and manage devices". */
  credentialsEmpty: credentialsWith({ credentials: [] }),
  /** "Require biometric verification before payments" is on. */
  credentialsRequired: credentialsWith({ requireForPayments: true }),
  /** Required, and no devices yet (after the last one was deleted elsewhere, say). */
  credentialsRequiredEmpty: credentialsWith({ credentials: [], requireForPayments: true }),
  /** A payment verification passed a moment ago and is still valid. */
  credentialsVerified: http.get<{ userId: string }, never, CredentialsResponse>(
    paths.credentials,
    () =>
      HttpResponse.json(
        account({
          requireForPayments: true,
          paymentVerifiedUntil: new Date(
            Date.now() + PAYMENT_VERIFICATION_TTL_SECONDS * 1000,
          ).toISOString(),
        }),
      ),
  ),
  credentialsLoading: http.get(paths.credentials, never),
  credentialsError: http.get(paths.credentials, bare),
  /** §6: this 401 does not sign the user out. */
  credentialsUnauthorized: http.get(paths.credentials, () => failWith('notAuthenticated', 401)),

  registerBegin: http.post(paths.registerBegin, async ({ request }) => {
    const body = registerBeginRequest.safeParse(await request.json());
    if (!body.success) return invalid(body.error.issues.map((issue) => issue.message));
    if (body.data.userId !== sampleUser.id) {
      return HttpResponse.json<ErrorResponse>({ message: 'Forbidden' }, { status: 403 });
    }
    pendingRegistration = {
      credentialName: body.data.credentialName,
      deviceInfo: body.data.deviceInfo ?? 'Unknown device',
    };
    return HttpResponse.json(
      registrationOptions(
        sampleUser.email,
        sampleCredentials.map((c) => c.credentialId),
      ),
    );
  }),
  registerBeginError: http.post(paths.registerBegin, bare),

  registerComplete: http.post(paths.registerComplete, async ({ request }) => {
    const body = registrationCredential.safeParse(await request.json());
    if (!body.success) return invalid(body.error.issues.map((issue) => issue.message));
    const pending = pendingRegistration;
    pendingRegistration = null;
    if (!pending) return refused('sessionExpired', 400);
    return HttpResponse.json<RegistrationResult>({
      success: true,
      errorMessage: null,
      credential: {
        credentialId: body.data.id,
        credentialName: pending.credentialName,
        deviceInfo: pending.deviceInfo,
        lastUsed: null,
        createdAt: '2026-11-21T10:00:00Z',
        isActive: true,
      },
    });
  }),
  /** The credential id is registered already (to this user or another): 409. */
  registerCompleteAlreadyRegistered: http.post(paths.registerComplete, () =>
    refused('alreadyRegistered', 409),
  ),
  registerCompleteExpired: http.post(paths.registerComplete, () => refused('sessionExpired', 400)),

  authenticateBegin: http.post(paths.authenticateBegin, async ({ request }) => {
    const body = authenticateBeginRequest.safeParse(await request.json());
    if (!body.success) return invalid(body.error.issues.map((issue) => issue.message));
    return HttpResponse.json(authenticationOptions(activeIds));
  }),
  authenticateBeginNoCredentials: http.post(paths.authenticateBegin, () =>
    failWith('noCredentials', 409),
  ),

  authenticateComplete: http.post<never, never, AuthenticationResult | ErrorResponse>(
    paths.authenticateComplete,
    async ({ request }) => {
      const body = authenticationCredential.safeParse(await request.json());
      if (!body.success) return invalid(body.error.issues.map((issue) => issue.message));
      const purpose = new URL(request.url).searchParams.get('purpose');
      const seconds = purpose === 'payment' ? PAYMENT_VERIFICATION_TTL_SECONDS : 300;
      return HttpResponse.json<AuthenticationResult>({
        success: true,
        errorMessage: null,
        credentialId: body.data.id,
        verifiedUntil: new Date(Date.now() + seconds * 1000).toISOString(),
      });
    },
  ),
  authenticateCompletePending: http.post(paths.authenticateComplete, never),
  authenticateCompleteFailed: http.post(paths.authenticateComplete, () =>
    refused('verificationFailed', 400),
  ),
  authenticateCompleteExpired: http.post(paths.authenticateComplete, () =>
    refused('sessionExpired', 400),
  ),

  /** Renames and switches the sample device the body names. */
  updateCredential: http.patch<never, never, BiometricCredential | ErrorResponse>(
    paths.update,
    async ({ request }) => {
      const body = updateCredentialRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error.issues.map((issue) => issue.message));
      const found = sampleCredentials.find((c) => c.credentialId === body.data.credentialId);
      if (!found)
        return HttpResponse.json<ErrorResponse>({ message: 'Not found' }, { status: 404 });
      return HttpResponse.json<BiometricCredential>({
        ...found,
        ...(body.data.credentialName !== undefined
          ? { credentialName: body.data.credentialName }
          : {}),
        ...(body.data.isActive !== undefined ? { isActive: body.data.isActive } : {}),
      });
    },
  ),
  updateCredentialError: http.patch(paths.update, bare),
  /** Turning off the last active device while verification is required. */
  updateCredentialLastRequired: http.patch(paths.update, () =>
    failWith('lastCredentialRequired', 409),
  ),

  deleteCredential: http.delete(paths.remove, () => new HttpResponse(null, { status: 204 })),
  deleteCredentialLastRequired: http.delete(paths.remove, () =>
    failWith('lastCredentialRequired', 409),
  ),

  settings: http.put<never, never, WebauthnSettingsResponse | ErrorResponse>(
    paths.settings,
    async ({ request }) => {
      const body = webauthnSettingsRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error.issues.map((issue) => issue.message));
      return HttpResponse.json<WebauthnSettingsResponse>(body.data);
    },
  ),
  /** Turning the requirement off without a fresh manage verification. */
  settingsVerificationRequired: http.put(paths.settings, () =>
    failWith('verificationRequired', 403),
  ),

  /** The payment create calls of a user who must verify first (403 verificationRequired). */
  vnpayCreateVerificationRequired: http.post(paths.vnpayCreate, () =>
    failWith('verificationRequired', 403),
  ),
  paypalCreateVerificationRequired: http.post(paths.paypalCreate, () =>
    failWith('verificationRequired', 403),
  ),
};

/** What every test and story starts from: no devices yet, every call accepted. */
export const defaultWebauthnHandlers = [
  webauthnHandlers.credentialsEmpty,
  webauthnHandlers.registerBegin,
  webauthnHandlers.registerComplete,
  webauthnHandlers.authenticateBegin,
  webauthnHandlers.authenticateComplete,
  webauthnHandlers.updateCredential,
  webauthnHandlers.deleteCredential,
  webauthnHandlers.settings,
];
