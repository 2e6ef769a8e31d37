import { randomBytes, randomUUID } from 'node:crypto';
import {
  BIOMETRIC_MESSAGES,
  type BiometricCredential,
  type BiometricErrorCode,
  type AuthenticationOptions,
  authenticationOptions as authenticationOptionsSchema,
  type CredentialsResponse,
  type ErrorResponse,
  PAYMENT_VERIFICATION_TTL_SECONDS,
  type RegistrationOptions,
  registrationOptions as registrationOptionsSchema,
  WEBAUTHN_CHALLENGE_TTL_SECONDS,
  type WebauthnPurpose,
} from '@studio/contracts';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import type { User } from '../users/user.ts';
import { deviceInfoOf } from './device-info.ts';
import type { WebauthnConfig } from './webauthn-config.ts';
import {
  createWebauthnRepository,
  type StoredChallenge,
  type StoredCredential,
  type WebauthnRepository,
} from './webauthn.repository.ts';

/** A `manage` verification lets the user make security changes for this long. */
export const MANAGE_VERIFICATION_TTL_SECONDS = 300;

/** WebAuthn (§3.3): a credential id longer than this is refused. */
export const CREDENTIAL_ID_MAX_BYTES = 1023;

const verificationTtlSeconds: Record<WebauthnPurpose, number> = {
  payment: PAYMENT_VERIFICATION_TTL_SECONDS,
  manage: MANAGE_VERIFICATION_TTL_SECONDS,
};

/**
 * A refusal with a §8 code. `message` is the catalogue's text for the client; `reason` says
 * what actually failed, for the log only (never sent: it could help an attacker tune a forgery).
 */
export class WebauthnError extends HttpError {
  constructor(
    statusCode: number,
    readonly code: BiometricErrorCode,
    readonly reason: string = code,
  ) {
    super(statusCode, BIOMETRIC_MESSAGES[code]);
    this.name = 'WebauthnError';
  }
}

const verificationFailed = (reason: string) => new WebauthnError(400, 'verificationFailed', reason);

/** base64url without padding: how browsers and the library write ids and handles. */
const unpadded = (value: string) => value.replace(/=+$/, '');

const bytesOf = (base64url: string) => Uint8Array.from(Buffer.from(base64url, 'base64url'));

function toBiometricCredential(credential: StoredCredential): BiometricCredential {
  return {
    credentialId: credential.credentialId,
    credentialName: credential.name,
    deviceInfo: credential.deviceInfo,
    lastUsed: credential.lastUsedAt?.toISOString() ?? null,
    createdAt: credential.createdAt.toISOString(),
    isActive: credential.isActive,
  };
}

/** What a registration begin keeps for its complete. */
export interface RegistrationDetails {
  credentialName: string;
  deviceInfo?: string | undefined;
  userAgent?: string | undefined;
}

/** What the older complete-registration may override. */
export interface RegistrationOverrides {
  credentialName?: string | undefined;
  deviceInfo?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * Passkeys (§3, §7, security.md §3): the two ceremonies around @simplewebauthn/server, with
 * the checks the library leaves to the relying party: server-side challenges bound to user and
 * purpose and used once, ownership, allowCredentials, the user handle, the counter, and the
 * one-registration-per-credential rule. Then the credential list, its settings and the payment
 * gate.
 */
export function createWebauthnService(deps: {
  /** For the transactions that lock an account's row (a repository over each one). */
  db: Kysely<Tables>;
  repository: WebauthnRepository;
  config: WebauthnConfig;
  now: () => Date;
}) {
  const { config, repository } = deps;
  const challengeTtlMs = WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000;

  const newUserHandle = () => randomBytes(32).toString('base64url');

  function assertAvailable(): void {
    if (config.unavailable !== null) throw new WebauthnError(503, 'initError', config.unavailable);
  }

  /** Expired rows are useless; clearing them on each begin keeps the tables small. */
  async function sweep(now: Date): Promise<void> {
    await repository.deleteExpiredChallenges(now);
    await repository.deleteExpiredVerifications(now);
  }

  /** The pending challenge, taken out (used) whatever happens next; 400 when there is none left. */
  async function takeChallenge(
    userId: string,
    purpose: StoredChallenge['purpose'],
  ): Promise<StoredChallenge> {
    const stored = await repository.takeChallenge(userId, purpose);
    if (!stored) throw new WebauthnError(400, 'sessionExpired', 'no pending challenge');
    if (stored.expiresAt.getTime() <= deps.now().getTime()) {
      throw new WebauthnError(400, 'sessionExpired', 'challenge expired');
    }
    return stored;
  }

  async function registrationOptions(
    user: User,
    details: RegistrationDetails,
  ): Promise<RegistrationOptions> {
    assertAvailable();
    const now = deps.now();
    await sweep(now);
    const account = await repository.ensureAccount(user.id, newUserHandle(), now);
    const existing = await repository.listCredentials(user.id);
    const options = await generateRegistrationOptions({
      rpName: config.rpName,
      rpID: config.rpId,
      // The handle is random and stable: never the internal id or the e-mail (WebAuthn §14.6.1).
      userID: bytesOf(account.userHandle),
      userName: user.userName,
      userDisplayName: user.displayName,
      timeout: challengeTtlMs,
      attestationType: 'none',
      excludeCredentials: existing.map((credential) => ({
        id: credential.credentialId,
        transports: credential.transports,
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    await repository.putChallenge({
      id: randomUUID(),
      userId: user.id,
      purpose: 'registration',
      challenge: options.challenge,
      credentialName: details.credentialName,
      deviceInfo: deviceInfoOf(details.deviceInfo, details.userAgent),
      allowCredentials: null,
      now,
      expiresAt: new Date(now.getTime() + challengeTtlMs),
    });
    return registrationOptionsSchema.parse(options);
  }

  async function completeRegistration(
    user: User,
    response: RegistrationResponseJSON,
    overrides: RegistrationOverrides = {},
  ): Promise<BiometricCredential> {
    const stored = await takeChallenge(user.id, 'registration');
    if (Buffer.from(response.rawId, 'base64url').length > CREDENTIAL_ID_MAX_BYTES) {
      throw new WebauthnError(400, 'createFailed', 'credential id longer than 1023 bytes');
    }
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: stored.challenge,
        expectedOrigin: config.origins,
        expectedRPID: config.rpId,
        requireUserVerification: true,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The library names an algorithm we did not offer; every other failure is a failed create.
      const code = /public key alg/i.test(reason) ? 'authenticatorNotSupported' : 'createFailed';
      throw new WebauthnError(400, code, reason);
    }
    if (!verification.verified) throw new WebauthnError(400, 'createFailed', 'not verified');
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    const credentialId = unpadded(credential.id);
    if (Buffer.from(credentialId, 'base64url').length > CREDENTIAL_ID_MAX_BYTES) {
      throw new WebauthnError(400, 'createFailed', 'credential id longer than 1023 bytes');
    }
    if (await repository.credentialExists(credentialId)) {
      throw new WebauthnError(409, 'alreadyRegistered');
    }
    const saved = await repository.insertCredential({
      credentialId,
      userId: user.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: response.response.transports ?? credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: overrides.credentialName ?? stored.credentialName ?? 'Passkey',
      deviceInfo:
        overrides.deviceInfo !== undefined && overrides.deviceInfo.trim() !== ''
          ? deviceInfoOf(overrides.deviceInfo, overrides.userAgent)
          : (stored.deviceInfo ?? deviceInfoOf(undefined, overrides.userAgent)),
      now: deps.now(),
    });
    // The primary key refused it: another request registered the same id in between.
    if (!saved) throw new WebauthnError(409, 'alreadyRegistered');
    return toBiometricCredential(saved);
  }

  async function authenticationOptions(
    user: User,
    purpose: WebauthnPurpose,
  ): Promise<AuthenticationOptions> {
    assertAvailable();
    const now = deps.now();
    await sweep(now);
    const active = (await repository.listCredentials(user.id)).filter((c) => c.isActive);
    if (active.length === 0) throw new WebauthnError(404, 'noCredentials');
    const options = await generateAuthenticationOptions({
      rpID: config.rpId,
      allowCredentials: active.map((credential) => ({
        id: credential.credentialId,
        transports: credential.transports,
      })),
      userVerification: 'required',
      timeout: challengeTtlMs,
    });
    await repository.putChallenge({
      id: randomUUID(),
      userId: user.id,
      purpose,
      challenge: options.challenge,
      credentialName: null,
      deviceInfo: null,
      allowCredentials: active.map((credential) => credential.credentialId),
      now,
      expiresAt: new Date(now.getTime() + challengeTtlMs),
    });
    return authenticationOptionsSchema.parse(options);
  }

  /**
   * `sessionKey` is the sign-in the request comes from (Authenticated.sessionKey): the
   * verification belongs to it and to `purpose`, and authorises nothing anywhere else.
   */
  async function completeAuthentication(
    user: User,
    purpose: WebauthnPurpose,
    response: AuthenticationResponseJSON,
    sessionKey: string,
  ): Promise<{ credentialId: string; verifiedUntil: Date }> {
    const stored = await takeChallenge(user.id, purpose);
    const credentialId = unpadded(response.id);
    if (credentialId !== unpadded(response.rawId))
      throw verificationFailed('id differs from rawId');
    if (stored.allowCredentials !== null && !stored.allowCredentials.includes(credentialId)) {
      throw verificationFailed('credential not in allowCredentials');
    }
    // Another user's credential answers exactly like an unknown one.
    const credential = await repository.findCredentialForUser(credentialId, user.id);
    if (!credential) throw verificationFailed('credential is not this user’s');
    if (!credential.isActive) throw verificationFailed('credential is switched off');
    const userHandle = response.response.userHandle;
    if (userHandle !== undefined && userHandle !== '') {
      const account = await repository.findAccount(user.id);
      if (!account || unpadded(userHandle) !== account.userHandle) {
        throw verificationFailed('user handle does not match');
      }
    }
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: stored.challenge,
        expectedOrigin: config.origins,
        expectedRPID: config.rpId,
        credential: {
          id: credential.credentialId,
          publicKey: bytesOf(credential.publicKey),
          // The library refuses a counter that does not move forward (a cloned authenticator).
          counter: credential.counter,
          transports: credential.transports,
        },
        requireUserVerification: true,
      });
    } catch (error) {
      throw verificationFailed(error instanceof Error ? error.message : String(error));
    }
    if (!verification.verified) throw verificationFailed('signature not verified');
    const now = deps.now();
    const info = verification.authenticationInfo;
    // Only now, after every check, does the record change (security.md §3.2 item 12).
    const recorded = await repository.recordUse(credential.credentialId, {
      previousCounter: credential.counter,
      counter: info.newCounter,
      backedUp: info.credentialBackedUp,
      now,
    });
    if (!recorded) throw verificationFailed('credential changed during verification');
    const verifiedUntil = new Date(now.getTime() + verificationTtlSeconds[purpose] * 1000);
    await repository.insertVerification({
      id: randomUUID(),
      userId: user.id,
      credentialId: credential.credentialId,
      purpose,
      sessionKey,
      now,
      expiresAt: verifiedUntil,
    });
    return { credentialId: credential.credentialId, verifiedUntil };
  }

  /** `paymentVerifiedUntil` is this sign-in's own payment verification, never another's. */
  async function listCredentials(user: User, sessionKey: string): Promise<CredentialsResponse> {
    const now = deps.now();
    const [credentials, account, paymentVerification] = await Promise.all([
      repository.listCredentials(user.id),
      repository.findAccount(user.id),
      repository.findVerification(user.id, sessionKey, 'payment', now),
    ]);
    return {
      credentials: credentials.map(toBiometricCredential),
      requireForPayments: account?.requireForPayments ?? false,
      paymentVerifiedUntil: paymentVerification?.expiresAt.toISOString() ?? null,
    };
  }

  /** In one transaction holding the user's account row, so "the last active one" is exact. */
  function withAccountLock<T>(
    user: User,
    work: (locked: WebauthnRepository, requireForPayments: boolean) => Promise<T>,
  ): Promise<T> {
    return deps.db.transaction().execute(async (trx) => {
      const locked = createWebauthnRepository(trx);
      const account = await locked.lockAccount(user.id, newUserHandle(), deps.now());
      return work(locked, account.requireForPayments);
    });
  }

  async function updateCredential(
    user: User,
    change: {
      credentialId: string;
      credentialName?: string | undefined;
      isActive?: boolean | undefined;
    },
  ): Promise<BiometricCredential> {
    return withAccountLock(user, async (locked, required) => {
      const credential = await locked.findCredentialForUser(change.credentialId, user.id);
      if (!credential) throw new HttpError(404, 'Credential not found');
      const switchingOff = change.isActive === false && credential.isActive;
      if (switchingOff && required && (await locked.countActive(user.id)) <= 1) {
        throw new WebauthnError(409, 'lastCredentialRequired');
      }
      const name =
        change.credentialName !== undefined && change.credentialName !== credential.name
          ? change.credentialName
          : undefined;
      const isActive =
        change.isActive !== undefined && change.isActive !== credential.isActive
          ? change.isActive
          : undefined;
      // The same name and state: nothing to write (§5 "ignored if unchanged").
      if (name === undefined && isActive === undefined) return toBiometricCredential(credential);
      const updated = await locked.updateCredential(credential.credentialId, user.id, {
        ...(name === undefined ? {} : { name }),
        ...(isActive === undefined ? {} : { isActive }),
      });
      if (!updated) throw new HttpError(404, 'Credential not found');
      return toBiometricCredential(updated);
    });
  }

  async function deleteCredential(user: User, credentialId: string): Promise<void> {
    await withAccountLock(user, async (locked, required) => {
      const credential = await locked.findCredentialForUser(credentialId, user.id);
      if (!credential) throw new HttpError(404, 'Credential not found');
      if (credential.isActive && required && (await locked.countActive(user.id)) <= 1) {
        throw new WebauthnError(409, 'lastCredentialRequired');
      }
      await locked.deleteCredential(credentialId, user.id);
    });
  }

  async function setRequireForPayments(
    user: User,
    required: boolean,
    sessionKey: string,
  ): Promise<boolean> {
    return withAccountLock(user, async (locked, current) => {
      if (required === current) return current;
      const now = deps.now();
      if (required && (await locked.countActive(user.id)) === 0) {
        throw new WebauthnError(409, 'noCredentials');
      }
      // Turning protection off is itself protected: a fresh `manage` verification.
      if (
        !required &&
        (await locked.findVerification(user.id, sessionKey, 'manage', now)) === null
      ) {
        throw new WebauthnError(403, 'verificationRequired', 'no recent manage verification');
      }
      await locked.setRequireForPayments(user.id, required, now);
      return required;
    });
  }

  return {
    registrationOptions,
    completeRegistration,
    authenticationOptions,
    completeAuthentication,
    listCredentials,
    updateCredential,
    deleteCredential,
    setRequireForPayments,
  };
}

export type WebauthnService = ReturnType<typeof createWebauthnService>;

/** What a payment create asks the gate: who, from which sign-in, for which plan. */
export interface PaymentStart {
  userId: string;
  /** Authenticated.sessionKey of the request. */
  sessionKey: string;
  /** The plan the payment is for (VNPay's PlanType, PayPal's PurchaseId). */
  plan: string;
}

/**
 * The payment create endpoints' gate (issue 13 §10). A user who turned "require a passkey
 * before payment" on needs a `payment` verification that:
 * - was made in this sign-in (another session, or a new sign-in after signing out, has none;
 *   signing out deletes it), and is less than PAYMENT_VERIFICATION_TTL_SECONDS old;
 * - is for this payment. The first create it lets through binds it to that create's plan. Its
 *   retries are further creates in the same sign-in, within the same ten minutes, for the same
 *   plan: a double click, a start that failed and is tried again (each click brings a new
 *   clientTransactionId), the other provider for the same plan. A create for another plan is a
 *   different payment and is refused, and so is everything once one of those attempts has been
 *   paid (`paidSince`): the next payment, even of the same plan, needs a new verification.
 * Answers the 403 body to send, or null to go on; both create routes call it before anything
 * is created.
 */
export function createPaymentGate(deps: {
  repository: Pick<
    WebauthnRepository,
    'findAccount' | 'findVerification' | 'bindPaymentVerification'
  >;
  now: () => Date;
  /** Whether any payment of the user's created at or after `since` has been paid. */
  paidSince: (userId: string, since: Date) => Promise<boolean>;
}) {
  const { repository } = deps;
  const refusal: ErrorResponse = {
    message: BIOMETRIC_MESSAGES.verificationRequired,
    error: 'verificationRequired',
  };
  return {
    async refusalFor({ userId, sessionKey, plan }: PaymentStart): Promise<ErrorResponse | null> {
      const account = await repository.findAccount(userId);
      if (!account?.requireForPayments) return null;
      const now = deps.now();
      let verification = await repository.findVerification(userId, sessionKey, 'payment', now);
      if (!verification) return refusal;
      if (verification.paymentPlan === null) {
        if (await repository.bindPaymentVerification(verification.id, plan, now)) return null;
        // Another create bound it in between: judge this one against that binding.
        verification = await repository.findVerification(userId, sessionKey, 'payment', now);
        if (!verification) return refusal;
      }
      if (verification.paymentPlan !== plan || verification.boundAt === null) return refusal;
      if (await deps.paidSince(userId, verification.boundAt)) return refusal;
      return null;
    },
  };
}

export type PaymentGate = ReturnType<typeof createPaymentGate>;
