import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator, driven over the DevTools protocol (identity.md: ctap2,
 * internal transport, resident keys, user verification): a platform passkey that verifies its
 * user at once, for the passkey suites (one server, and two processes behind nginx).
 */

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** How many credentials the authenticator holds, and their sign counts. */
  credentials(): Promise<{ credentialId: string; signCount: number }[]>;
}

export async function virtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
