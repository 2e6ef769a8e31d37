import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { createAttemptCounter } from '../src/domains/auth/attempt-counter.ts';
import {
  createPasswordHasher,
  needsRehash,
  newPasswordProblem,
} from '../src/domains/auth/passwords.ts';
import { createWorkLimiter, ServerBusyError } from '../src/domains/auth/work-limiter.ts';

describe('the new-password rule', () => {
  it.each([
    ['1234567', 'Password must be at least 8 characters'],
    ['password123456', 'This password is too common. Choose another one.'],
    ['Password123456', 'This password is too common. Choose another one.'],
    ['qwertyuiop', 'This password is too common. Choose another one.'],
    ['x'.repeat(257), 'Password must be at most 256 characters'],
  ])('refuses %j', (password, message) => {
    expect(newPasswordProblem(password)).toBe(message);
  });

  it.each([
    ['eight ch'],
    ['🔒'.repeat(8)],
    ['🔒🙂'.repeat(32)],
    ['  leading and trailing spaces are kept  '],
    ['x'.repeat(256)],
  ])('accepts %j', (password) => {
    expect(newPasswordProblem(password)).toBeNull();
  });

  it('counts characters as people see them', () => {
    expect(newPasswordProblem('🔒'.repeat(7))).toBe('Password must be at least 8 characters');
  });
});

describe('argon2id hashing', () => {
  const hasher = createPasswordHasher();

  it('hashes at m=19456 KiB, t=2, p=1 and verifies exactly as entered', async () => {
    const stored = await hasher.hash('Exact Passphrase');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'Exact Passphrase')).toBe(true);
    expect(await hasher.verify(stored, 'exact passphrase')).toBe(false);
    expect(await hasher.verify(stored, 'Exact Passphrase ')).toBe(false);
    expect(await hasher.verify('not a hash', 'Exact Passphrase')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('asks to rehash weaker or other hashes', async () => {
    expect(needsRehash(await hash('x', { memoryCost: 8192, timeCost: 2, parallelism: 1 }))).toBe(
      true,
    );
    expect(needsRehash(await hash('x', { memoryCost: 19456, timeCost: 1, parallelism: 1 }))).toBe(
      true,
    );
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });
});

describe('the work limiter', () => {
  it('runs at most `concurrency` jobs, queues `queueLimit`, refuses the rest at once', async () => {
    const limiter = createWorkLimiter({ concurrency: 2, queueLimit: 1 });
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      limiter.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      });
    const accepted = [job(), job(), job()];
    expect(limiter.isSaturated()).toBe(true);
    await expect(job()).rejects.toBeInstanceOf(ServerBusyError);
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
    expect(limiter.isSaturated()).toBe(false);
  });
});

describe('the per-key attempt counter', () => {
  it('blocks a key at its limit until the window passes, without touching other keys', async () => {
    let time = 0;
    const counter = createAttemptCounter({ max: 2, windowMs: 1000, now: () => new Date(time) });
    expect(await counter.take('a')).toBe(0);
    expect(await counter.take('a')).toBe(0);
    expect(await counter.take('a')).toBe(1);
    expect(await counter.take('b')).toBe(0);
    time = 999;
    expect(await counter.retryAfter('a')).toBe(1);
    time = 1000;
    expect(await counter.retryAfter('a')).toBe(0);
    await counter.hit('b');
    await counter.reset('b');
    expect(await counter.retryAfter('b')).toBe(0);
  });
});
