import type { AuthProvider } from '@studio/contracts';
import { displayNameMaxLength } from '@studio/contracts';
import type { JWTPayload } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import { type User, userNameFromEmail } from '../users/user.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { ExternalBearer } from './bearer-verifier.ts';
import type { IdentityConfig } from './identity-config.ts';

const maxRoles = 50;
const maxRoleLength = 100;

/** §3: roles come from the token's `roles` claim; anything else in it is ignored. */
export function rolesOf(claims: JWTPayload): string[] {
  const roles = claims['roles'];
  if (!Array.isArray(roles)) return [];
  return [
    ...new Set(
      roles.filter(
        (role): role is string =>
          typeof role === 'string' && role.length > 0 && role.length <= maxRoleLength,
      ),
    ),
  ].slice(0, maxRoles);
}

/** `email`, or B2C's `emails` list; lower-cased like every address the API stores. */
export function emailOf(claims: JWTPayload): string | null {
  const emails = claims['emails'];
  const candidate =
    typeof claims['email'] === 'string'
      ? claims['email']
      : Array.isArray(emails) && typeof emails[0] === 'string'
        ? emails[0]
        : null;
  const email = candidate?.trim().toLowerCase() ?? '';
  return /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}

/**
 * Only a verified address may link to an existing account: an identity provider that lets
 * anyone claim any address would otherwise hand over the account that owns it.
 */
export function emailVerifiedOf(claims: JWTPayload, trustEmailClaim: boolean): boolean {
  const verified = claims['email_verified'];
  if (verified === true || verified === 'true') return true;
  if (verified === false || verified === 'false') return false;
  return trustEmailClaim;
}

/** Which button the person used: the `idp` claim (B2C, the sandbox), else generic OpenID Connect. */
export function providerOf(claims: JWTPayload): AuthProvider {
  const idp = typeof claims['idp'] === 'string' ? claims['idp'].toLowerCase() : '';
  if (idp.includes('google')) return 'google';
  if (idp.includes('apple')) return 'apple';
  if (/microsoft|live\.com|sts\.windows\.net|outlook|hotmail/.test(idp)) return 'microsoft';
  return 'oidc';
}

function displayNameOf(claims: JWTPayload, fallback: string): string {
  const name = typeof claims['name'] === 'string' ? claims['name'].trim() : '';
  const given = typeof claims['given_name'] === 'string' ? claims['given_name'] : '';
  const family = typeof claims['family_name'] === 'string' ? claims['family_name'] : '';
  const chosen = name || `${given} ${family}`.trim() || fallback;
  return chosen.slice(0, displayNameMaxLength);
}

function sameRoles(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((role, index) => role === b[index]);
}

/**
 * Maps an external identity (issuer, subject) to a local user: a known identity is its user
 * (roles refreshed from the token); a new one links to the account with the same verified
 * address, or becomes a new account.
 */
export function createExternalUsers({
  users,
  identity,
  log,
  now,
}: {
  users: UsersRepository;
  identity: IdentityConfig;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  return {
    async resolve(bearer: ExternalBearer): Promise<User> {
      const { claims, issuer, subject } = bearer;
      const roles = rolesOf(claims);
      const linkedId = await users.findUserIdByIdentity(issuer, subject);
      const linked = linkedId ? await users.findById(linkedId) : null;
      if (linked) {
        if (sameRoles(linked.roles, roles)) return linked;
        await users.refreshFromIdentity(linked.id, { roles }, now());
        return { ...linked, roles };
      }

      const email = emailOf(claims);
      const verified = email !== null && emailVerifiedOf(claims, identity.trustEmailClaim);
      const provider = providerOf(claims);
      const existing = email && verified ? await users.findByVerifiedEmail(email) : null;
      const userName = email ? userNameFromEmail(email) : `${provider}user`;
      const user =
        existing ??
        (await users.create(
          {
            userName,
            email,
            emailVerified: verified,
            displayName: displayNameOf(claims, userName),
            authProvider: provider,
            roles,
          },
          now(),
        ));
      const winner = await users.linkIdentity(
        { issuer, subject, userId: user.id, provider },
        now(),
      );
      if (winner !== user.id) {
        // Two first requests raced and the other one linked first: use its user.
        if (!existing) await users.delete(user.id);
        const other = await users.findById(winner);
        if (!other) throw new Error('the linked user disappeared');
        return other;
      }
      if (existing) await users.refreshFromIdentity(existing.id, { roles }, now());
      log.info(
        { event: existing ? 'identity_linked' : 'user_created', userId: user.id, provider },
        existing
          ? 'external identity linked by verified e-mail'
          : 'user created from external identity',
      );
      return existing ? { ...existing, roles } : user;
    },
  };
}

export type ExternalUsers = ReturnType<typeof createExternalUsers>;
