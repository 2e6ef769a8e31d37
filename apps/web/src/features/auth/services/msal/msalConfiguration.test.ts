import { describe, expect, it } from 'vitest';
import { b2cIdentity, sandboxIdentity } from '../../../../mocks/handlers/config';
import { msalConfiguration } from './msalConfiguration';

const origin = 'http://127.0.0.1:4317';

describe("MSAL's configuration from /config.json", () => {
  it('OIDC mode for the sandbox: its metadata, known authority and the default scopes without offline_access', () => {
    expect(msalConfiguration(sandboxIdentity, origin)).toEqual({
      auth: {
        clientId: 'studio-web',
        authority: 'https://localhost:8080/sandbox/oidc',
        knownAuthorities: ['localhost:8080'],
        authorityMetadata: sandboxIdentity.authorityMetadata,
        redirectUri: 'http://127.0.0.1:4317/auth/callback',
        postLogoutRedirectUri: 'http://127.0.0.1:4317/auth/signout-callback',
        OIDCOptions: { defaultScopes: ['openid', 'profile', 'email'] },
      },
      cache: { cacheLocation: 'localStorage' },
      system: { protocolMode: 'OIDC', tokenRenewalOffsetSeconds: 300 },
    });
  });

  it('AAD mode for B2C: no OIDC options (MSAL refuses them there), metadata discovered', () => {
    const configuration = msalConfiguration(b2cIdentity, 'https://studio.example');
    expect(configuration.system).toEqual({ protocolMode: 'AAD', tokenRenewalOffsetSeconds: 300 });
    expect(configuration.auth).toEqual({
      clientId: b2cIdentity.clientId,
      authority: 'https://studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_signin',
      knownAuthorities: ['studio.b2clogin.com'],
      redirectUri: 'https://studio.example/auth/callback',
      postLogoutRedirectUri: 'https://studio.example/auth/signout-callback',
    });
  });
});
