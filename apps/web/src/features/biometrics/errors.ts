import { biometricErrorCode, type BiometricErrorCode } from '@studio/contracts';
import { isHttpFailure } from '../../lib/api/errorText';

/** Which part of a biometric action failed: it decides the code of an unexplained failure. */
export type BiometricStep = 'load' | 'register' | 'authenticate' | 'manage';

/** A biometric action that failed, with its §8 code (the interface shows biometrics:errors.<code>). */
export class BiometricFailure extends Error {
  readonly code: BiometricErrorCode;

  constructor(code: BiometricErrorCode, options?: { cause?: unknown }) {
    super(code, options);
    this.name = 'BiometricFailure';
    this.code = code;
  }
}

/** @simplewebauthn/browser's WebAuthnError codes (and the DOMException names under them). */
const browserCodes: Readonly<Record<string, BiometricErrorCode>> = {
  ERROR_CEREMONY_ABORTED: 'cancelled',
  NotAllowedError: 'cancelled',
  AbortError: 'cancelled',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'alreadyRegistered',
  InvalidStateError: 'alreadyRegistered',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'authenticatorNotSupported',
  NotSupportedError: 'authenticatorNotSupported',
  SecurityError: 'initError',
  ERROR_INVALID_DOMAIN: 'initError',
  ERROR_INVALID_RP_ID: 'initError',
};

// startRegistration/startAuthentication throw a plain Error with this text without WebAuthn.
const unsupportedMessage = /WebAuthn is not supported/i;

/** What a failure nobody explained means at each step. */
const fallbacks: Readonly<Record<BiometricStep, BiometricErrorCode>> = {
  load: 'initError',
  register: 'createFailed',
  authenticate: 'verificationFailed',
  manage: 'initError',
};

function apiCode(body: unknown): BiometricErrorCode | null {
  if (typeof body !== 'object' || body === null) return null;
  const parsed = biometricErrorCode.safeParse((body as { error?: unknown }).error);
  return parsed.success ? parsed.data : null;
}

/**
 * §8: the biometric message code for any failure of a biometric action: our own failure, an API
 * answer (401, the `error` code it sent, no answer at all), or an error of the browser's
 * ceremony (WebAuthnError's `code` first, then the DOMException `name`).
 */
export function biometricErrorOf(error: unknown, step: BiometricStep): BiometricErrorCode {
  if (error instanceof BiometricFailure) return error.code;
  if (isHttpFailure(error)) {
    if (error.response?.status === 401) return 'notAuthenticated';
    const code = apiCode(error.response?.data);
    if (code) return code;
    // No answer: the request never reached the API (network, timeout).
    if (!error.response) return 'initError';
    return fallbacks[step];
  }
  if (error instanceof Error) {
    const { code } = error as Error & { code?: unknown };
    if (typeof code === 'string' && browserCodes[code]) return browserCodes[code];
    if (browserCodes[error.name]) return browserCodes[error.name] ?? fallbacks[step];
    if (unsupportedMessage.test(error.message)) return 'notSupported';
  }
  return fallbacks[step];
}
