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
 * producing anything costs nothing (see docs/features/chat.md). Taking the unit first and giving
 * it back later (rather than counting at the end) keeps the limit on work in flight: a user
 * cannot start more at once than they have left.
 */
export interface QuotaUnit {
  release(): Promise<void>;
}

/** One count a caller's use goes to: whose (a subject) and how many units it allows a day. */
export interface QuotaCount {
  subject: string;
  limit: number;
}

/**
 * Who a use is counted against: the caller's own count (their plan's limit) and, for callers
 * who share something with others, ceilings every one of them counts against too (visitors
 * behind one address). A unit is taken from all of them or from none.
 */
export interface QuotaCounts {
  own: QuotaCount;
  ceilings?: readonly QuotaCount[];
}

/** A refused take: which count refused, the caller's own limit, and what is left of all. */
export interface QuotaRefusal {
  /** `own`: the caller's daily limit; `ceiling`: a count shared with others (an address). */
  refusedBy: 'own' | 'ceiling';
  /** The caller's own daily limit. */
  limit: number;
  /** Units the caller could still take today: the least any of their counts has left. */
  remaining: number;
  resetsAt: Date;
}

/**
 * A daily quota over one meter: what a tool needs to limit its use per plan. Chat's messages
 * are one (domains/usage/message-quota.ts); an image tool adds its own with one call:
 * `createDailyQuota({ counter, meter: 'images', countsOf, exceeded, now })`.
 */
export function createDailyQuota<Caller>(deps: {
  counter: QuotaCounter;
  meter: string;
  /** Who is counted, and how many units each count allows per day (the caller's plan's…). */
  countsOf: (caller: Caller, now: Date) => QuotaCounts;
  /** The error a refused take throws (the tool's §8 text, the limit, what is left, when). */
  exceeded: (refusal: QuotaRefusal) => Error;
  now: () => Date;
}) {
  const all = (counts: QuotaCounts) => [counts.own, ...(counts.ceilings ?? [])];

  /** Gives back `count` units counted under each key (never below zero). */
  async function giveBack(keys: readonly QuotaKey[], count: number): Promise<void> {
    if (count <= 0) return;
    for (const key of keys) await deps.counter.release(key, count);
  }

  /** What is left today: the least of every count's limit less its use. */
  async function left(counts: QuotaCounts, day: string) {
    const used = await deps.counter.used({ meter: deps.meter, subject: counts.own.subject, day });
    let remaining = Math.max(0, counts.own.limit - used);
    for (const ceiling of counts.ceilings ?? []) {
      const shared = await deps.counter.used({ meter: deps.meter, subject: ceiling.subject, day });
      remaining = Math.min(remaining, Math.max(0, ceiling.limit - shared));
    }
    return { used: Math.min(used, counts.own.limit), remaining };
  }

  /**
   * Counts `count` units on every count, all or none; throws `exceeded(…)` naming the count that
   * refused and what is left. Returns the keys they were counted under. `onDay` counts them on
   * an earlier UTC day: the rest of a job's units, on the day its first were taken, so that one
   * settlement gives them all back together even when the job crossed midnight.
   */
  async function takeAll(caller: Caller, count: number, onDay?: string): Promise<QuotaKey[]> {
    const now = deps.now();
    const day = onDay ?? utcDay(now);
    const counts = deps.countsOf(caller, now);
    const taken: QuotaKey[] = [];
    for (const [index, { subject, limit }] of all(counts).entries()) {
      const key = { meter: deps.meter, subject, day };
      // All of them in one step, or none (a voice request counts thousands of characters).
      if (!(await deps.counter.take(key, limit, count))) {
        await giveBack(taken, count);
        const { remaining } = await left(counts, day);
        throw deps.exceeded({
          refusedBy: index === 0 ? 'own' : 'ceiling',
          limit: counts.own.limit,
          remaining,
          resetsAt: nextUtcMidnight(now),
        });
      }
      taken.push(key);
    }
    return taken;
  }

  return {
    /**
     * Today's allowance as the caller's page shows it (read only: nothing is counted): the
     * caller's own limit and use, and what is left of every count they take from.
     */
    async usage(
      caller: Caller,
    ): Promise<{ limit: number; used: number; remaining: number; resetsAt: Date }> {
      const now = deps.now();
      const counts = deps.countsOf(caller, now);
      const { used, remaining } = await left(counts, utcDay(now));
      return { limit: counts.own.limit, used, remaining, resetsAt: nextUtcMidnight(now) };
    },

    /**
     * Counts `count` units, all or none (throws `exceeded(…)` when fewer are left): a request for
     * several results (image variants) costs one each. Returns the keys they were counted under
     * (the caller's own, then each ceiling's), for `giveBack` of those whose work did not
     * happen, whenever and wherever that is learnt.
     */
    takeUnits: takeAll,

    giveBack,

    /** Counts one unit, or throws `exceeded(…)` when today's are used up. */
    async take(caller: Caller): Promise<QuotaUnit> {
      // The day it was counted on: work failing just after midnight gives back yesterday's.
      const keys = await takeAll(caller, 1);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await giveBack(keys, 1);
        },
      };
    },
  };
}

export type DailyQuota<Caller> = ReturnType<typeof createDailyQuota<Caller>>;
