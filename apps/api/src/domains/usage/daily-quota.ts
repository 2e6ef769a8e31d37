import type { QuotaCounter, QuotaKey } from './quota-counter.ts';

/** YYYY-MM-DD of the UTC day. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * One counted unit, held while its work runs. `release` gives it back: work that fails before
 * producing anything costs nothing (see README, Chat quotas). Taking the unit first and giving
 * it back later (rather than counting at the end) keeps the limit on work in flight: a user
 * cannot start more at once than they have left.
 */
export interface QuotaUnit {
  release(): Promise<void>;
}

/**
 * A daily quota over one meter: what a tool needs to limit its use per plan. Chat's messages
 * are one (domains/chat/quota.ts); an image tool adds its own with one call:
 * `createDailyQuota({ counter, meter: 'images', limitOf, exceeded, now })`.
 */
export function createDailyQuota<Caller>(deps: {
  counter: QuotaCounter;
  meter: string;
  /** Who is counted, and how many units they have per day (their plan's). */
  limitOf: (caller: Caller, now: Date) => { subject: string; limit: number };
  /** The error a refused take throws (the tool's §8 text, the limit, when it resets). */
  exceeded: (limit: number, resetsAt: Date) => Error;
  now: () => Date;
}) {
  /** Gives back `count` units counted under `key` (never below zero). */
  async function giveBack(key: QuotaKey, count: number): Promise<void> {
    for (let given = 0; given < count; given += 1) await deps.counter.release(key);
  }

  return {
    /** Today's allowance as the caller's page shows it (read only: nothing is counted). */
    async usage(caller: Caller): Promise<{ limit: number; used: number; resetsAt: Date }> {
      const now = deps.now();
      const { subject, limit } = deps.limitOf(caller, now);
      const used = await deps.counter.used({ meter: deps.meter, subject, day: utcDay(now) });
      return { limit, used: Math.min(used, limit), resetsAt: nextUtcMidnight(now) };
    },

    /**
     * Counts `count` units, all or none (throws `exceeded(…)` when fewer are left): a request for
     * several results (image variants) costs one each. Returns the key they were counted under,
     * for `giveBack` of those whose work did not happen, whenever and wherever that is learnt.
     */
    async takeUnits(caller: Caller, count: number): Promise<QuotaKey> {
      const now = deps.now();
      const { subject, limit } = deps.limitOf(caller, now);
      const key = { meter: deps.meter, subject, day: utcDay(now) };
      let taken = 0;
      while (taken < count) {
        if (!(await deps.counter.take(key, limit))) {
          await giveBack(key, taken);
          throw deps.exceeded(limit, nextUtcMidnight(now));
        }
        taken += 1;
      }
      return key;
    },

    giveBack,

    /** Counts one unit, or throws `exceeded(…)` when today's are used up. */
    async take(caller: Caller): Promise<QuotaUnit> {
      const now = deps.now();
      const { subject, limit } = deps.limitOf(caller, now);
      // The day it was counted on: work failing just after midnight gives back yesterday's.
      const key = { meter: deps.meter, subject, day: utcDay(now) };
      if (!(await deps.counter.take(key, limit))) {
        throw deps.exceeded(limit, nextUtcMidnight(now));
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await deps.counter.release(key);
        },
      };
    },
  };
}

export type DailyQuota<Caller> = ReturnType<typeof createDailyQuota<Caller>>;
