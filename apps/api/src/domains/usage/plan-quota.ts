import type { EntitlementTier, ToolMeter } from '@studio/contracts';
import { tierOf } from '../billing/entitlements.ts';
import type { Caller } from '../callers/caller.ts';
import { createDailyQuota, type QuotaCounts, type QuotaRefusal } from './daily-quota.ts';
import type { QuotaCounter } from './quota-counter.ts';
import { QuotaExceededError, upgradeUrl } from './quota-errors.ts';

/**
 * Every tool's allowances, in one place: `createPlanQuota` for a meter (take one unit, take
 * several, give back, read today's usage), and for work that runs as a job the units held from
 * its start to its end and settled once (quota-settlement.ts over quota-holds.repository.ts).
 */

/** The 429's words: the caller's own limit, what is left when some is, or a shared ceiling. */
function refusalText(noun: string, refusal: QuotaRefusal): string {
  const { limit, remaining } = refusal;
  const left = `Only ${remaining} of today's ${noun} ${remaining === 1 ? 'is' : 'are'} left`;
  if (refusal.refusedBy === 'ceiling') {
    return remaining > 0
      ? `${left} for visitors sharing your network. Sign in to keep going.`
      : `Visitors sharing your network have used today's ${noun}. Sign in to keep going.`;
  }
  return remaining > 0 ? `${left}.` : `You have reached today's limit of ${limit} ${noun}.`;
}

/**
 * A daily allowance per plan over one meter (chat's messages, the image tools' images, and each
 * next tool's own). Users count with their tier's limit. Visitors get the visitor limit: per key when their browser sends one,
 * and then also against `addressCeiling` per hashed address, so people behind one office, café
 * or carrier address each get their own allowance while one address cannot mint keys without
 * end; a visitor without a key counts by address. A refusal is the 429 body `{ message, code:
 * 'quota', limit, remaining, refusedBy, resetsAt, upgradeUrl }`.
 */
export function createPlanQuota(deps: {
  counter: QuotaCounter;
  /** The tool manifest's name for what is counted (@studio/contracts/tools). */
  meter: ToolMeter;
  limits: Record<'visitor' | EntitlementTier, number>;
  /** Units per UTC day all keyed visitors behind one address share (none: no ceiling). */
  addressCeiling?: number;
  /** What is counted, in the plural (`messages`, `images`). */
  noun: string;
  now: () => Date;
}) {
  // The tier's daily limit (domains/billing/entitlements.ts reads the same limits).
  const countsOf = (caller: Caller, now: Date): QuotaCounts => {
    if (caller.kind === 'user') {
      return {
        own: { subject: `user:${caller.user.id}`, limit: deps.limits[tierOf(caller.user, now)] },
      };
    }
    const address = { subject: `visitor:${caller.addressKey}`, limit: deps.limits.visitor };
    if (!caller.visitorId || deps.addressCeiling === undefined) return { own: address };
    return {
      own: { subject: caller.visitorId, limit: deps.limits.visitor },
      ceilings: [{ subject: address.subject, limit: deps.addressCeiling }],
    };
  };
  const exceeded = (refusal: QuotaRefusal) =>
    new QuotaExceededError({
      message: refusalText(deps.noun, refusal),
      code: 'quota',
      limit: refusal.limit,
      remaining: refusal.remaining,
      refusedBy: refusal.refusedBy === 'own' ? 'plan' : 'address',
      resetsAt: refusal.resetsAt.toISOString(),
      upgradeUrl,
    });
  const quota = createDailyQuota<Caller>({
    counter: deps.counter,
    meter: deps.meter,
    countsOf,
    exceeded,
    now: deps.now,
  });
  return {
    ...quota,
    /**
     * Who a caller's units count against and their limits, as plain data: work that learns its
     * size only once it runs (an office read's pages) takes the rest later with `byCounts`.
     */
    countsOf: (caller: Caller) => countsOf(caller, deps.now()),
    /** The same meter taken from counts recorded earlier (see countsOf). */
    byCounts: createDailyQuota<QuotaCounts>({
      counter: deps.counter,
      meter: deps.meter,
      countsOf: (counts) => counts,
      exceeded,
      now: deps.now,
    }),
  };
}

export type PlanQuota = ReturnType<typeof createPlanQuota>;
