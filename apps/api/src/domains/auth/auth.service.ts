import { createHash } from 'node:crypto';
import type { LanguageCode } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { MailQueue } from '../../mail/mail-job.ts';
import { passwordChangedMail } from '../../mail/templates/password-changed.ts';
import { passwordResetMail } from '../../mail/templates/password-reset.ts';
import { registrationAttemptMail } from '../../mail/templates/registration-attempt.ts';
import { registrationCodeMail } from '../../mail/templates/registration-code.ts';
import { signInCodeMail } from '../../mail/templates/sign-in-code.ts';
import { userNameFromEmail } from '../users/user.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { AttemptCounter } from './attempt-counter.ts';
import {
  invalidCode,
  invalidCredentials,
  invalidResetLink,
  RetryLaterError,
  weakPassword,
} from './auth-errors.ts';
import type { BackgroundWork } from './background-work.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { PasswordResetsRepository } from './password-resets.repository.ts';
import { needsRehash, newPasswordProblem, type PasswordHasher } from './passwords.ts';
import type { RegistrationsRepository } from './registrations.repository.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';
import type { IssuedSession, SessionsService } from './sessions.service.ts';
import { ServerBusyError } from './work-limiter.ts';

/** ASVS 6.4.1: reset links are short-lived. */
export const resetLinkLifetimeMs = 30 * 60 * 1000;
/** Unconfirmed registrations are forgotten after a day (their code died long before). */
const pendingRegistrationLifetimeMs = 24 * 60 * 60 * 1000;

/** The neutral answers: the same whether or not the address has an account. */
export const acceptedTexts = {
  register: 'Check your email: we sent a code to confirm your address.',
  requestCode: 'If the address is valid, a sign-in code is on its way. It is valid for 10 minutes.',
  requestReset: 'If an account uses this address, a link to reset the password is on its way.',
  resetDone: 'Your password has been changed. Sign in with your new password.',
} as const;

export interface RequestContext {
  userAgent: string | null;
  language: LanguageCode;
}

interface Dependencies {
  users: UsersRepository;
  registrations: RegistrationsRepository;
  resets: PasswordResetsRepository;
  codes: OneTimeCodes;
  passwords: PasswordHasher;
  sessions: SessionsService;
  mail: MailQueue;
  background: BackgroundWork;
  /** Failed logins per address (soft, time-based throttle). */
  loginFailures: AttemptCounter;
  /** Emails sent per address and kind (codes, registration, reset): no mail bombing. */
  mailsPerAddress: AttemptCounter;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Logs name an address by a short hash: enough to correlate, no address in the log. */
function addressTag(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 12);
}

/**
 * First-party sign-in: password, email code, registration with a confirmation code, and the
 * password reset link. Nothing here tells a caller whether an address has an account: the
 * mail work runs after the answer, and unknown accounts cost a dummy hash on login.
 */
export function createAuthService(deps: Dependencies) {
  const { users, registrations, resets, codes, passwords, sessions, mail, background, log, now } =
    deps;

  async function limitMails(kind: string, email: string) {
    const wait = await deps.mailsPerAddress.take(`${kind}:${email}`);
    if (wait > 0) {
      log.info({ event: 'mail_throttled', kind, address: addressTag(email) }, 'too many emails');
      throw new RetryLaterError(wait);
    }
  }

  return {
    async login(
      credentials: { email: string; password: string },
      context: RequestContext,
    ): Promise<IssuedSession> {
      const { email, password } = credentials;
      // Counted before the password is checked, in one step: of concurrent guesses (from any
      // process, when the counter is in Redis) at most the limit are checked. Success resets it.
      const wait = await deps.loginFailures.take(email);
      if (wait > 0) {
        log.warn({ event: 'login_throttled', address: addressTag(email) }, 'login throttled');
        throw new RetryLaterError(wait);
      }
      const user = await users.findByVerifiedEmail(email);
      const valid = user?.passwordHash
        ? await passwords.verify(user.passwordHash, password)
        : await passwords.verifyDummy(password).then(() => false);
      if (!user?.passwordHash || !valid) {
        log.info({ event: 'login_failed', address: addressTag(email) }, 'login failed');
        throw invalidCredentials();
      }
      await deps.loginFailures.reset(email);
      if (needsRehash(user.passwordHash)) {
        // Best effort: a busy hashing queue must not turn a good login into an error.
        await passwords
          .hash(password)
          .then((stronger) => users.setPasswordHash(user.id, stronger, now()))
          .catch((error: unknown) => log.warn({ err: error, userId: user.id }, 'rehash skipped'));
      }
      return sessions.start(user, 'password', context.userAgent);
    },

    /**
     * Answers at once; the work happens afterwards: a known address gets a notice ("someone
     * tried to register"), a new one a pending registration and a confirmation code.
     */
    async register(
      input: { username: string; email: string; password: string },
      context: RequestContext,
    ): Promise<void> {
      const problem = newPasswordProblem(input.password);
      if (problem) throw weakPassword(problem);
      if (passwords.isSaturated()) throw new ServerBusyError();
      await limitMails('register', input.email);
      background.run('register', async () => {
        const time = now();
        await registrations.deleteCreatedBefore(
          new Date(time.getTime() - pendingRegistrationLifetimeMs),
        );
        const existing = await users.findByVerifiedEmail(input.email);
        if (existing) {
          const language = existing.preferences.language;
          await mail.send({
            to: input.email,
            ...registrationAttemptMail(language, {
              signInUrl: `${deps.publicUrl}/login`,
              resetUrl: `${deps.publicUrl}/reset-password`,
            }),
          });
          return;
        }
        const passwordHash = await passwords.hash(input.password);
        await registrations.save(
          {
            email: input.email,
            userName: input.username,
            passwordHash,
            language: context.language,
          },
          now(),
        );
        const code = await codes.issue(input.email, 'register');
        await mail.send({ to: input.email, ...registrationCodeMail(context.language, code) });
      });
    },

    async confirmRegistration(
      input: { email: string; code: string },
      context: RequestContext,
    ): Promise<IssuedSession> {
      const time = now();
      const pending = await registrations.find(
        input.email,
        new Date(time.getTime() - pendingRegistrationLifetimeMs),
      );
      if (!(await codes.redeem(input.email, 'register', input.code)) || !pending) {
        throw invalidCode();
      }
      const existing = await users.findByVerifiedEmail(input.email);
      if (existing && existing.passwordHash === null) {
        await users.setPasswordHash(existing.id, pending.passwordHash, time);
      }
      const user =
        existing ??
        (await users.create(
          {
            userName: pending.userName,
            email: input.email,
            emailVerified: true,
            displayName: pending.userName,
            authProvider: 'password',
            passwordHash: pending.passwordHash,
            language: pending.language,
          },
          time,
        ));
      await registrations.delete(input.email);
      log.info({ event: 'registration_confirmed', userId: user.id }, 'account confirmed');
      return sessions.start(user, 'password', context.userAgent);
    },

    async requestCode(email: string, context: RequestContext): Promise<void> {
      await limitMails('sign-in', email);
      background.run('request-code', async () => {
        const code = await codes.issue(email, 'sign-in');
        await mail.send({ to: email, ...signInCodeMail(context.language, code) });
      });
    },

    /** A right code signs in, creating the account on first use (the address is proven). */
    async verifyCode(
      input: { email: string; code: string },
      context: RequestContext,
    ): Promise<IssuedSession> {
      if (!(await codes.redeem(input.email, 'sign-in', input.code))) {
        log.info({ event: 'code_refused', address: addressTag(input.email) }, 'wrong code');
        throw invalidCode();
      }
      const user =
        (await users.findByVerifiedEmail(input.email)) ??
        (await users.create(
          {
            userName: userNameFromEmail(input.email),
            email: input.email,
            emailVerified: true,
            displayName: userNameFromEmail(input.email),
            authProvider: 'email-code',
            language: context.language,
          },
          now(),
        ));
      return sessions.start(user, 'email-code', context.userAgent);
    },

    async requestPasswordReset(email: string, context: RequestContext): Promise<void> {
      await limitMails('reset', email);
      background.run('request-password-reset', async () => {
        const user = await users.findByVerifiedEmail(email);
        if (!user) return;
        const token = newSecretToken();
        const time = now();
        await resets.replace(
          user.id,
          hashSecretToken(token),
          time,
          new Date(time.getTime() + resetLinkLifetimeMs),
        );
        // The token travels in the fragment: browsers never send it to a server or a Referer.
        const resetUrl = `${deps.publicUrl}/reset-password#token=${token}`;
        await mail.send({ to: email, ...passwordResetMail(context.language, resetUrl) });
      });
    },

    /** Sets the new password, ends every session and refuses every token issued before. */
    async completePasswordReset(input: { token: string; newPassword: string }): Promise<void> {
      const problem = newPasswordProblem(input.newPassword);
      if (problem) throw weakPassword(problem);
      const tokenHash = hashSecretToken(input.token);
      if (!(await resets.isLive(tokenHash, now()))) throw invalidResetLink();
      const passwordHash = await passwords.hash(input.newPassword);
      const userId = await resets.consume(tokenHash, now());
      if (!userId) throw invalidResetLink();
      await users.setPasswordHash(userId, passwordHash, now());
      await sessions.endAll(userId);
      const user = await users.findById(userId);
      if (!user?.email) return;
      const email = user.email;
      await deps.loginFailures.reset(email);
      log.info({ event: 'password_reset', userId }, 'password changed through a reset link');
      await mail.send({
        to: email,
        ...passwordChangedMail(user.preferences.language, `${deps.publicUrl}/reset-password`),
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
