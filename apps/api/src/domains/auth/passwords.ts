import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { newPasswordMinLength, passwordMaxLength } from '@studio/contracts';
import { commonPasswords } from './common-passwords.ts';
import { createWorkLimiter, type WorkLimiter } from './work-limiter.ts';

/**
 * argon2id at the ASVS 5.0 minimum (Appendix C: t=2, m=19 MiB, p=1). The algorithm is the
 * library's default (Argon2id); the stored PHC string says so and is checked on every verify.
 */
export const argon2Parameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const passwordTooShort = `Password must be at least ${newPasswordMinLength} characters`;
export const passwordTooCommon = 'This password is too common. Choose another one.';
export const passwordTooLong = `Password must be at most ${passwordMaxLength} characters`;

/**
 * Why a new password is refused, or null. Length counts characters as people see them (code
 * points: an emoji is one); the password is used exactly as entered, never trimmed or folded.
 */
export function newPasswordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < newPasswordMinLength) return passwordTooShort;
  if (password.length > passwordMaxLength) return passwordTooLong;
  if (commonPasswords.has(password.toLowerCase())) return passwordTooCommon;
  return null;
}

/** True when a stored hash is weaker than today's target (or not argon2id at all). */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const options = parseOptions(stored);
    return (
      options.memoryCost < argon2Parameters.memoryCost ||
      options.timeCost < argon2Parameters.timeCost
    );
  } catch {
    return true;
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed hash; never throws for those. */
  verify(stored: string, password: string): Promise<boolean>;
  /** Costs what a real verification costs: answers for unknown accounts take as long. */
  verifyDummy(password: string): Promise<void>;
  isSaturated(): boolean;
}

/**
 * Hashing and verification share one bounded queue (4 running, 32 waiting by default): a flood
 * of logins for random addresses costs at most that much CPU and memory; beyond it callers get
 * ServerBusyError (503) at once.
 */
export function createPasswordHasher(
  limiter: WorkLimiter = createWorkLimiter({ concurrency: 4, queueLimit: 32 }),
): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  const hashNow = (password: string) => hash(password, argon2Parameters);
  const verifyNow = async (stored: string, password: string) => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  };

  return {
    hash: (password) => limiter.run(() => hashNow(password)),
    verify: (stored, password) => limiter.run(() => verifyNow(stored, password)),
    async verifyDummy(password) {
      dummyHash ??= hashNow(randomBytes(24).toString('base64url'));
      const stored = await dummyHash;
      await limiter.run(() => verifyNow(stored, password));
    },
    isSaturated: () => limiter.isSaturated(),
  };
}
