import type { IdentityClientConfig } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { b2cIdentity, sandboxIdentity } from '../../../mocks/handlers/config';
import { AuthConfigurationError } from '../authService';
import { checkIdentityConfig, identityConfigurationProblems } from './identityConfig';

const message =
  'Error: Application authentication configuration is invalid. Please contact support.';

const entraExternalId: IdentityClientConfig = {
  ...b2cIdentity,
  authority: 'https://studio.ciamlogin.com/8c5b3d2e-0000-4000-8000-000000000000',
  resetPasswordAuthority: null,
  knownAuthorities: ['studio.ciamlogin.com'],
};

describe('the §8 start-up check of the identity service settings', () => {
  it.each([
    ['the sandbox (OIDC)', sandboxIdentity],
    ['Azure AD B2C', b2cIdentity],
    ['Entra External ID', entraExternalId],
    [
      'Microsoft Entra ID',
      {
        ...b2cIdentity,
        authority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
        knownAuthorities: [],
      },
    ],
  ])('accepts %s', (_name, identity) => {
    expect(identityConfigurationProblems(identity)).toEqual([]);
    expect(checkIdentityConfig(identity)).toBeNull();
  });

  it.each<[string, Partial<IdentityClientConfig>, string]>([
    ['a missing client id', { clientId: '' }, 'the client id is missing'],
    ['a blank client id', { clientId: '   ' }, 'the client id is missing'],
    ['a missing scope', { scopes: [] }, 'the scope is missing'],
    ['only blank scopes', { scopes: [' '] }, 'the scope is missing'],
    [
      'a missing tenant (AAD)',
      { authority: 'https://login.microsoftonline.com/', knownAuthorities: [] },
      'the tenant is missing from the authority',
    ],
    [
      'a missing policy (B2C)',
      { authority: 'https://studio.b2clogin.com/studio.onmicrosoft.com' },
      'the policy is missing from the B2C authority',
    ],
    [
      'an authority that is not a URL',
      { authority: 'studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_signin' },
      'the authority is invalid (an https URL is required): "studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_signin"',
    ],
    [
      'an http authority',
      { authority: 'http://studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_signin' },
      'the authority is invalid (an https URL is required): "http://studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_signin"',
    ],
    [
      'a B2C authority that is not a known authority',
      { knownAuthorities: ['other.b2clogin.com'] },
      "the authority's host studio.b2clogin.com is not among the known authorities",
    ],
    [
      'an invalid password-reset authority',
      { resetPasswordAuthority: 'B2C_1_reset' },
      'the password-reset authority is invalid (an https URL is required)',
    ],
  ])('refuses %s (B2C settings otherwise)', (_name, change, problem) => {
    const error = checkIdentityConfig({ ...b2cIdentity, ...change });
    expect(error).toBeInstanceOf(AuthConfigurationError);
    expect(error?.message).toBe(message);
    expect(error?.problems).toEqual([problem]);
  });

  it.each<[string, Partial<IdentityClientConfig>, string]>([
    [
      'an OIDC provider that is not a known authority',
      { knownAuthorities: [] },
      "the authority's host localhost:8080 is not among the known authorities",
    ],
    [
      'metadata that is not JSON',
      { authorityMetadata: '{issuer:' },
      'the authority metadata is not JSON',
    ],
  ])('refuses %s (sandbox settings otherwise)', (_name, change, problem) => {
    expect(checkIdentityConfig({ ...sandboxIdentity, ...change })?.problems).toEqual([problem]);
  });

  it('does not ask an OIDC provider for a tenant or a policy', () => {
    const plain = {
      ...sandboxIdentity,
      authority: 'https://localhost:8080/',
      knownAuthorities: ['localhost'],
    };
    expect(identityConfigurationProblems(plain)).toEqual([]);
  });

  it('lists every problem at once', () => {
    const error = checkIdentityConfig({ ...b2cIdentity, clientId: '', scopes: [] });
    expect(error?.problems).toEqual(['the client id is missing', 'the scope is missing']);
  });
});
