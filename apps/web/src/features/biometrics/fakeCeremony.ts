import type { Ceremony } from './ceremony';

/**
 * A software stand-in for the browser's authenticator, for stories and tests (a headless browser
 * has none to touch). It answers with well-formed WebAuthn JSON that the MSW handlers accept; the
 * real cryptography is the API's tests' business. Each ceremony can fail with a browser error.
 */
export interface FakeCeremonyOptions {
  supported?: boolean;
  /** The DOMException name navigator.credentials.create() rejects with, e.g. InvalidStateError. */
  registerError?: string;
  /** The DOMException name navigator.credentials.get() rejects with, e.g. NotAllowedError. */
  authenticateError?: string;
  /** The touch never comes (the authenticating state stays until cancelled). */
  authenticatePending?: boolean;
}

const text = (value: string) =>
  btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function browserError(name: string): Error {
  const error = new Error(`The operation failed: ${name}`);
  error.name = name;
  return error;
}

export function fakeCeremony({
  supported = true,
  registerError,
  authenticateError,
  authenticatePending = false,
}: FakeCeremonyOptions = {}): Ceremony {
  let cancelPending: (() => void) | null = null;
  return {
    supported: () => supported,
    register: (options) => {
      if (registerError) return Promise.reject(browserError(registerError));
      const id = text(`fake-${options.user.name}-${options.challenge.slice(0, 8)}`);
      return Promise.resolve({
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: text(
            JSON.stringify({ type: 'webauthn.create', challenge: options.challenge }),
          ),
          attestationObject: text('fake-attestation'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      });
    },
    authenticate: (options) => {
      if (authenticateError) return Promise.reject(browserError(authenticateError));
      if (authenticatePending) {
        return new Promise((_, reject) => {
          cancelPending = () => reject(browserError('AbortError'));
        });
      }
      const id = options.allowCredentials[0]?.id ?? text('fake-credential');
      return Promise.resolve({
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: text(
            JSON.stringify({ type: 'webauthn.get', challenge: options.challenge }),
          ),
          authenticatorData: text('fake-authenticator-data'),
          signature: text('fake-signature'),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      });
    },
    cancel: () => {
      cancelPending?.();
      cancelPending = null;
    },
  };
}
