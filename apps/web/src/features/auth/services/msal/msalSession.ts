import {
  InteractionRequiredAuthError,
  PublicClientApplication,
  type AccountInfo,
  type AuthenticationResult,
  type Configuration,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import type { DomainHint, IdentityClientConfig } from '@studio/contracts';
import type { StoredAccount } from '../../../../lib/api/account';
import type { ProgressEmitter } from '../progress';
import { SessionEndedError } from '../tokenKeeper';
import { msalConfiguration } from './msalConfiguration';
import { progressForEvent } from './progressForEvent';

/**
 * §8 "service not initialized": the identity service (MSAL) could not be started, after the
 * §9 two attempts. Social sign-in fails with it; first-party sign-in keeps working.
 */
export class AuthServiceNotInitialisedError extends Error {
  constructor(options?: ErrorOptions) {
    super('The sign-in service could not be started. Please try again later.', options);
    this.name = 'AuthServiceNotInitialisedError';
  }
}

/** §4, §9: identity service initialisation is tried at most 2 times. */
export const INITIALISE_ATTEMPTS = 2;

/** A token for the API from the identity service, and the account it belongs to. */
export interface ExternalSignIn {
  accessToken: string;
  account: StoredAccount;
  /** Where the user asked to return after a redirect sign-in (the request's state). */
  returnPath: string | null;
}

export interface MsalSession {
  /** The answer to a redirect sign-in, when this page load carries one. */
  handleRedirect(): Promise<ExternalSignIn | null>;
  /** Leaves for the identity service; resolves once the browser is on its way. */
  signIn(hint: DomainHint, returnPath: string): Promise<void>;
  /**
   * A token for the account: from the cache or silently renewed (the renewal offset is 300 s;
   * `forceRefresh` skips the cache), else by a popup. SessionEndedError when neither works or
   * the account is gone.
   */
  acquireToken(
    account: StoredAccount,
    options?: { forceRefresh?: boolean },
  ): Promise<ExternalSignIn>;
  /** Ends the identity service's session too (redirect to it and back to /auth/signout-callback). */
  signOut(account: StoredAccount | null): Promise<void>;
}

export interface MsalSessionOptions {
  identity: IdentityClientConfig;
  origin: string;
  progress: ProgressEmitter;
  /** Builds the client; tests pass a double. */
  createClient?: (configuration: Configuration) => IPublicClientApplication;
}

function toStoredAccount(account: AccountInfo): StoredAccount {
  return {
    homeAccountId: account.homeAccountId,
    localAccountId: account.localAccountId,
    username: account.username,
    nativeAccountId: account.nativeAccountId ?? null,
    kind: 'external',
  };
}

function toSignIn(result: AuthenticationResult, fallback?: AccountInfo): ExternalSignIn {
  const account = result.account ?? fallback;
  if (!account) throw new SessionEndedError();
  return {
    accessToken: result.accessToken,
    account: toStoredAccount(account),
    returnPath: result.state ?? null,
  };
}

async function initialised(
  configuration: Configuration,
  createClient: (configuration: Configuration) => IPublicClientApplication,
): Promise<IPublicClientApplication> {
  let failure: unknown;
  for (let attempt = 1; attempt <= INITIALISE_ATTEMPTS; attempt += 1) {
    try {
      // A fresh client per attempt: a failed initialize() can leave the old one half set up.
      const client = createClient(configuration);
      await client.initialize();
      return client;
    } catch (error) {
      failure = error;
      console.warn(`Starting the identity service failed (attempt ${attempt}).`, error);
    }
  }
  throw new AuthServiceNotInitialisedError({ cause: failure });
}

/**
 * The external identity service through MSAL (identity.md): redirect sign-in by domain hint,
 * silent renewal with a popup fallback, sign-out by redirect with the id token as hint. Reports
 * §4 progress from MSAL's events and from its own calls.
 */
export async function createMsalSession({
  identity,
  origin,
  progress,
  createClient = (configuration) => new PublicClientApplication(configuration),
}: MsalSessionOptions): Promise<MsalSession> {
  const client = await initialised(msalConfiguration(identity, origin), createClient);
  client.addEventCallback((message) => {
    const next = progressForEvent(message, progress.current());
    if (next) progress.set(next);
  });

  const during = async <T>(state: 'ssoSilent' | 'acquireToken', call: () => Promise<T>) => {
    progress.set(state);
    try {
      return await call();
    } finally {
      if (progress.current() === state) progress.set('none');
    }
  };

  // MSAL wants the redirect answer handled, once, before any other call on this page load.
  let redirect: Promise<AuthenticationResult | null> | null = null;
  const redirectHandled = () => {
    redirect ??= (async () => {
      progress.set('handleRedirect');
      try {
        return await client.handleRedirectPromise();
      } finally {
        if (progress.current() === 'handleRedirect') progress.set('none');
      }
    })();
    return redirect;
  };

  const findAccount = (account: StoredAccount) =>
    client.getAccount({ homeAccountId: account.homeAccountId }) ??
    client.getAccount({ localAccountId: account.localAccountId });

  return {
    async handleRedirect() {
      const result = await redirectHandled();
      if (!result) return null;
      if (result.account) client.setActiveAccount(result.account);
      return toSignIn(result);
    },

    async signIn(hint, returnPath) {
      await redirectHandled().catch(() => null);
      progress.set('login');
      try {
        await client.loginRedirect({
          scopes: identity.scopes,
          domainHint: hint,
          // The sandbox provider reads the hint from its own parameter (identity.md pitfall 8).
          extraQueryParameters: { domain_hint: hint },
          state: returnPath,
          // The redirect bridge sends the browser back here with the answer.
          redirectStartPage: new URL(returnPath, origin).href,
        });
      } catch (error) {
        progress.set('none');
        throw error;
      }
    },

    async acquireToken(stored, { forceRefresh = false } = {}) {
      await redirectHandled().catch(() => null);
      const account = findAccount(stored);
      if (!account) throw new SessionEndedError();
      const request = { scopes: identity.scopes, account };
      // The popup shows the provider's page when needed; only the silent call can skip the cache.
      const silentRequest = forceRefresh ? { ...request, forceRefresh } : request;
      try {
        return toSignIn(
          await during('ssoSilent', () => client.acquireTokenSilent(silentRequest)),
          account,
        );
      } catch (error) {
        if (!(error instanceof InteractionRequiredAuthError)) throw error;
        try {
          const result = await during('acquireToken', () => client.acquireTokenPopup(request));
          return toSignIn(result, account);
        } catch (popupError) {
          throw new SessionEndedError({ cause: popupError });
        }
      }
    },

    async signOut(stored) {
      await redirectHandled().catch(() => null);
      const account = stored ? findAccount(stored) : null;
      if (!account) {
        // Nothing to tell the provider who is leaving (pitfall 5): forget MSAL's cache here.
        await client.clearCache();
        return;
      }
      progress.set('logout');
      try {
        await client.logoutRedirect({
          account,
          // The provider follows post_logout_redirect_uri only when it knows the client.
          ...(account.idToken ? { idTokenHint: account.idToken } : {}),
          postLogoutRedirectUri: new URL(identity.postLogoutRedirectPath, origin).href,
        });
      } catch (error) {
        progress.set('none');
        throw error;
      }
    },
  };
}
