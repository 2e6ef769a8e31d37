/**
 * The sandbox's test identities. A domain hint (what the SPA passes for its Google, Microsoft
 * and Apple buttons) picks one; the visitor may edit its e-mail and name, so tests can sign in
 * as different people. Nothing here is a real account.
 */

export const identityKinds = ['google', 'microsoft', 'apple'] as const;
export type IdentityKind = (typeof identityKinds)[number];

export interface SandboxIdentity {
  /** The provider's brand name, shown on the chooser and the sign-in page. */
  label: string;
  /** Prefilled in the sign-in form. */
  email: string;
  name: string;
}

export const sandboxIdentities: Record<IdentityKind, SandboxIdentity> = {
  google: { label: 'Google', email: 'sandbox.google@example.com', name: 'Sandbox Google user' },
  microsoft: {
    label: 'Microsoft',
    email: 'sandbox.microsoft@example.com',
    name: 'Sandbox Microsoft user',
  },
  apple: { label: 'Apple', email: 'sandbox.apple@example.com', name: 'Sandbox Apple user' },
};

/**
 * B2C and External ID setups often use the identity provider's domain as the hint; accepting
 * those too lets the same SPA configuration drive the sandbox.
 */
const hintAliases: Record<string, IdentityKind> = {
  google: 'google',
  'google.com': 'google',
  microsoft: 'microsoft',
  'microsoft.com': 'microsoft',
  'live.com': 'microsoft',
  apple: 'apple',
  'apple.com': 'apple',
  'appleid.apple.com': 'apple',
};

/** The identity a domain hint selects, or null for a missing or unknown hint (the chooser). */
export function identityKindFor(hint: unknown): IdentityKind | null {
  if (typeof hint !== 'string') return null;
  return hintAliases[hint.trim().toLowerCase()] ?? null;
}

export interface SandboxAccount {
  /** `${kind}:${e-mail in lower case}`: also the tokens' `sub`. */
  accountId: string;
  kind: IdentityKind;
  email: string;
  name: string;
}

export function accountIdFor(kind: IdentityKind, email: string): string {
  return `${kind}:${email.trim().toLowerCase()}`;
}

/** The people who signed in on this provider since it started (the tokens' claims come from here). */
export class AccountStore {
  readonly #accounts = new Map<string, SandboxAccount>();

  /** Records a sign-in; signing in again with another name updates it. */
  signIn(kind: IdentityKind, email: string, name: string): SandboxAccount {
    const account: SandboxAccount = {
      accountId: accountIdFor(kind, email),
      kind,
      email: email.trim().toLowerCase(),
      name: name.trim(),
    };
    this.#accounts.set(account.accountId, account);
    return account;
  }

  find(accountId: string): SandboxAccount | undefined {
    return this.#accounts.get(accountId);
  }

  clear(): void {
    this.#accounts.clear();
  }
}

/** What the ID token, the userinfo endpoint and the access token say about an account. */
export function claimsOf(account: SandboxAccount) {
  return {
    sub: account.accountId,
    email: account.email,
    email_verified: true,
    name: account.name,
    preferred_username: account.email,
    roles: ['user'],
    idp: account.kind,
  };
}

/** What the access token adds to its registered claims (`sub` is already the account id). */
export function accessTokenClaimsOf(account: SandboxAccount) {
  const { email, email_verified, name, roles, idp } = claimsOf(account);
  return { email, email_verified, name, roles, idp };
}
