import {
  authenticationCredential,
  registrationCredential,
  type AuthenticationCredential,
  type AuthenticationOptions,
  type RegistrationCredential,
  type RegistrationOptions,
} from '@studio/contracts';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { createContext, useContext } from 'react';

/**
 * The two browser calls of a WebAuthn ceremony, and whether they can run. The app uses the real
 * browser; stories and tests provide a fake authenticator through CeremonyContext, because a
 * headless browser has no authenticator to touch.
 */
export interface Ceremony {
  /** §4: WebAuthn exists and the page is a secure context (https, or http://localhost). */
  supported: () => boolean;
  register: (options: RegistrationOptions) => Promise<RegistrationCredential>;
  authenticate: (options: AuthenticationOptions) => Promise<AuthenticationCredential>;
  /** Stops a ceremony in progress (the browser's prompt closes; the call rejects as cancelled). */
  cancel: () => void;
}

export const browserCeremony: Ceremony = {
  supported: () => browserSupportsWebAuthn() && window.isSecureContext,
  // The contracts check only the outline of the options; the browser library checks the rest.
  register: async (options) =>
    registrationCredential.parse(
      await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      }),
    ),
  authenticate: async (options) =>
    authenticationCredential.parse(
      await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      }),
    ),
  cancel: () => WebAuthnAbortService.cancelCeremony(),
};

export const CeremonyContext = createContext<Ceremony>(browserCeremony);

export function useCeremony(): Ceremony {
  return useContext(CeremonyContext);
}
