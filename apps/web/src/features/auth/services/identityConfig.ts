import type { IdentityClientConfig } from '@studio/contracts';
import { AuthConfigurationError } from '../authService';

function httpsUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const isB2cHost = (host: string) => host.endsWith('.b2clogin.com');

/**
 * §8 start-up check of the identity service's settings, before MSAL is ever loaded: a missing
 * client id, tenant (AAD: the authority's first path segment), policy (B2C: the second), scope,
 * or an invalid authority. Returns what is wrong, in words for the log; empty when usable.
 */
export function identityConfigurationProblems(identity: IdentityClientConfig): string[] {
  const problems: string[] = [];
  if (identity.clientId.trim() === '') problems.push('the client id is missing');
  if (!identity.scopes.some((scope) => scope.trim() !== '')) problems.push('the scope is missing');

  const authority = httpsUrl(identity.authority);
  if (!authority) {
    problems.push(`the authority is invalid (an https URL is required): "${identity.authority}"`);
  } else {
    const segments = authority.pathname.split('/').filter(Boolean);
    if (identity.protocolMode === 'aad') {
      if (segments.length === 0) problems.push('the tenant is missing from the authority');
      else if (isB2cHost(authority.hostname) && segments.length < 2) {
        problems.push('the policy is missing from the B2C authority');
      }
    }
    // B2C and any OpenID Connect provider are trusted only when listed (MSAL refuses otherwise).
    const mustBeKnown = identity.protocolMode === 'oidc' || isB2cHost(authority.hostname);
    const known = [authority.host, authority.hostname].some((host) =>
      identity.knownAuthorities.includes(host),
    );
    if (mustBeKnown && !known) {
      problems.push(`the authority's host ${authority.host} is not among the known authorities`);
    }
  }
  if (identity.resetPasswordAuthority !== null && !httpsUrl(identity.resetPasswordAuthority)) {
    problems.push('the password-reset authority is invalid (an https URL is required)');
  }
  if (identity.authorityMetadata !== null) {
    try {
      JSON.parse(identity.authorityMetadata);
    } catch {
      problems.push('the authority metadata is not JSON');
    }
  }
  return problems;
}

/** The §8 error for these settings, or null when they are usable. */
export function checkIdentityConfig(identity: IdentityClientConfig): AuthConfigurationError | null {
  const problems = identityConfigurationProblems(identity);
  return problems.length > 0 ? new AuthConfigurationError(problems) : null;
}
