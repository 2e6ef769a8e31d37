import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodePurpose, CodesRepository } from './codes.repository.ts';

/** ASVS 6.5.5: out-of-band codes live at most 10 minutes. */
export const codeLifetimeMs = 10 * 60 * 1000;
/** ASVS 6.6.3: the fifth wrong guess kills the code; a new one must be requested. */
export const maxCodeAttempts = 5;

/** Six digits from the CSPRNG (about 20 bits; ASVS 6.5.3). */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The code is stored only as an HMAC over purpose, address and code: a row copied to another
 * address or purpose never matches, and a database leak does not reveal live codes.
 */
export function codeHmac(key: Buffer, purpose: CodePurpose, email: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createOneTimeCodes({
  repository,
  key,
  now,
}: {
  repository: CodesRepository;
  key: Buffer;
  now: () => Date;
}) {
  return {
    /** A new code for the address and purpose, replacing any older one. Returns the code to mail. */
    async issue(email: string, purpose: CodePurpose): Promise<string> {
      const code = generateCode();
      const time = now();
      await repository.replace(
        { email, purpose, codeHmac: codeHmac(key, purpose, email, code) },
        time,
        new Date(time.getTime() + codeLifetimeMs),
      );
      return code;
    },

    /**
     * True exactly once for the right, live code. Every guess is counted before it is compared,
     * so simultaneous guesses cannot compare more than the limit between them.
     */
    async redeem(email: string, purpose: CodePurpose, code: string): Promise<boolean> {
      const time = now();
      const active = await repository.findActive(email, purpose, time, maxCodeAttempts);
      if (!active) return false;
      if (!(await repository.claimAttempt(active.id, time, maxCodeAttempts))) return false;
      if (!sameHex(active.codeHmac, codeHmac(key, purpose, email, code))) return false;
      return repository.consume(active.id, time, maxCodeAttempts);
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
