import { describe, expect, it } from 'vitest';
import { createDailyQuota, type QuotaCounts } from '../src/domains/usage/daily-quota.ts';
import type { QuotaCounter, QuotaKey } from '../src/domains/usage/quota-counter.ts';

/** The counter's contract in memory: what is counted per meter, subject and day. */
function memoryCounter(): QuotaCounter & { counted: Map<string, number> } {
  const counted = new Map<string, number>();
  const name = (key: QuotaKey) => `${key.meter}|${key.subject}|${key.day}`;
  return {
    counted,
    async take(key, limit, units = 1) {
      const used = counted.get(name(key)) ?? 0;
      if (used + units > limit) return false;
      counted.set(name(key), used + units);
      return true;
    },
    async release(key, units = 1) {
      counted.set(name(key), Math.max(0, (counted.get(name(key)) ?? 0) - units));
    },
    async used(key) {
      return counted.get(name(key)) ?? 0;
    },
  };
}

/** A daily quota of pages over that counter, on a clock the test moves. */
function pagesQuota(counter: QuotaCounter, clock: { now: Date }) {
  return createDailyQuota<QuotaCounts>({
    counter,
    meter: 'pages',
    countsOf: (caller) => caller,
    exceeded: () => new Error('exceeded'),
    now: () => clock.now,
  });
}

describe("a job's units taken on both sides of UTC midnight", () => {
  const counts: QuotaCounts = { own: { subject: 'user:u1', limit: 10 } };

  it('are counted on the day its first were taken, so one settlement gives them all back', async () => {
    const clock = { now: new Date('2026-11-28T23:59:58Z') };
    const counter = memoryCounter();
    const quota = pagesQuota(counter, clock);

    // The upload holds one page on the 28th; the read learns the document's size after midnight.
    const first = await quota.takeUnits(counts, 1);
    clock.now = new Date('2026-11-29T00:00:03Z');
    const rest = await quota.takeUnits(counts, 4, first[0]?.day);
    expect(rest.map((key) => key.day)).toEqual(['2026-11-28']);
    expect(counter.counted.get('pages|user:u1|2026-11-28')).toBe(5);
    expect(counter.counted.get('pages|user:u1|2026-11-29')).toBeUndefined();

    // The read fails: the hold's keys (the 28th's) give all five back, and the 29th is untouched.
    await quota.giveBack(first, 5);
    expect(counter.counted.get('pages|user:u1|2026-11-28')).toBe(0);
    expect((await quota.usage(counts)).remaining).toBe(10);
  });

  it('are counted today when no day is named', async () => {
    const quota = pagesQuota(memoryCounter(), { now: new Date('2026-11-29T00:00:03Z') });
    expect((await quota.takeUnits(counts, 2)).map((key) => key.day)).toEqual(['2026-11-29']);
  });
});
