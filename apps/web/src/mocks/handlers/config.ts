import type { IdentityClientConfig, RuntimeConfig } from '@studio/contracts';
import { http, HttpResponse } from 'msw';

/** The sandbox identity provider as the API describes it on a local run (packages/sandbox). */
export const sandboxIdentity: IdentityClientConfig = {
  protocolMode: 'oidc',
  clientId: 'studio-web',
  authority: 'https://localhost:8080/sandbox/oidc',
  resetPasswordAuthority: null,
  knownAuthorities: ['localhost:8080'],
  scopes: ['api.access'],
  authorityMetadata: JSON.stringify({
    issuer: 'http://localhost:8080/sandbox/oidc',
    authorization_endpoint: 'http://localhost:8080/sandbox/oidc/auth',
    token_endpoint: 'http://localhost:8080/sandbox/oidc/token',
    end_session_endpoint: 'http://localhost:8080/sandbox/oidc/session/end',
    jwks_uri: 'http://localhost:8080/sandbox/oidc/jwks',
  }),
  redirectPath: '/auth/callback',
  postLogoutRedirectPath: '/auth/signout-callback',
  sandbox: true,
};

/** Azure AD B2C, as a production deployment would describe it (no sandbox label). */
export const b2cIdentity: IdentityClientConfig = {
  protocolMode: 'aad',
  clientId: '11111111-2222-3333-4444-555555555555',
  authority: 'https://studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_signin',
  resetPasswordAuthority: 'https://studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_reset',
  knownAuthorities: ['studio.b2clogin.com'],
  scopes: ['https://studio.onmicrosoft.com/api/api.access'],
  authorityMetadata: null,
  redirectPath: '/auth/callback',
  postLogoutRedirectPath: '/auth/signout-callback',
  sandbox: false,
};

/** Settings the §8 start-up check refuses: no client id, no scope. */
export const misconfiguredIdentity: IdentityClientConfig = {
  ...sandboxIdentity,
  clientId: '',
  scopes: [],
};

/** The configuration the API serves in a plain local run. */
export const localConfig: RuntimeConfig = {
  apiBaseUrl: '',
  environment: 'development',
  sandbox: false,
  geolocationServices: [],
  mailboxUrl: null,
  identity: null,
};

export const configHandlers = {
  default: http.get<never, never, RuntimeConfig>('*/config.json', () =>
    HttpResponse.json(localConfig),
  ),
  sandbox: http.get<never, never, RuntimeConfig>('*/config.json', () =>
    HttpResponse.json({ ...localConfig, sandbox: true, identity: sandboxIdentity }),
  ),
  missing: http.get('*/config.json', () => new HttpResponse(null, { status: 404 })),
};
