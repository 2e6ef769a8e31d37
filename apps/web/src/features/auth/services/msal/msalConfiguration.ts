import type { IdentityClientConfig } from '@studio/contracts';
import type { Configuration } from '@azure/msal-browser';
import { RENEWAL_OFFSET_SECONDS } from '../tokenKeeper';

/**
 * identity.md pitfall 3: oidc-provider drops offline_access at sign-in and MSAL's default OIDC
 * scopes ask for it again on refresh, which fails as a server error (so the popup fallback never
 * runs). The provider issues refresh tokens by policy instead.
 */
export const OIDC_DEFAULT_SCOPES = ['openid', 'profile', 'email'];

/**
 * MSAL's configuration for the identity service of /config.json: AAD mode for Azure AD B2C and
 * Entra External ID, OIDC mode for any OpenID Connect provider (the sandbox). With the provider's
 * metadata given (the sandbox, identity.md way (b)), MSAL never fetches a discovery document.
 */
export function msalConfiguration(identity: IdentityClientConfig, origin: string): Configuration {
  const oidc = identity.protocolMode === 'oidc';
  return {
    auth: {
      clientId: identity.clientId,
      authority: identity.authority,
      knownAuthorities: identity.knownAuthorities,
      ...(identity.authorityMetadata !== null
        ? { authorityMetadata: identity.authorityMetadata }
        : {}),
      redirectUri: new URL(identity.redirectPath, origin).href,
      postLogoutRedirectUri: new URL(identity.postLogoutRedirectPath, origin).href,
      ...(oidc ? { OIDCOptions: { defaultScopes: OIDC_DEFAULT_SCOPES } } : {}),
    },
    // §3: the session lives in local storage, shared by the tabs and kept across restarts.
    cache: { cacheLocation: 'localStorage' },
    system: {
      protocolMode: oidc ? 'OIDC' : 'AAD',
      tokenRenewalOffsetSeconds: RENEWAL_OFFSET_SECONDS,
    },
  };
}
