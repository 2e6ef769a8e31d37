import { createHmac } from 'node:crypto';
import type { ChatConfig } from './chat-config.ts';
import type { EntitlementTier } from '@studio/contracts';
import { tierOf } from '../billing/entitlements.ts';
import { createDailyQuota, type QuotaRefusal } from '../usage/daily-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import { QuotaExceededError } from './chat-errors.ts';
import type { ChatCaller } from './model-access.ts';
import type { User } from '../users/user.ts';

export { utcDay, type QuotaUnit } from '../usage/daily-quota.ts';

/** Where the quota error sends people who want more. */
export const upgradeUrl = '/plans';

/**
 * A visitor's quota key: an HMAC of their address with the server secret, so chat_usage never
 * holds an IP address and the key cannot be reversed by trying all addresses without the secret.
 */
export function visitorKey(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`chat-visitor:${ip}`).digest('base64url');
}

/**
 * Who a per-plan quota counts: a user (their tier's limit) or a visitor. A visitor whose browser
 * sends its key (`visitorId`, the image tools' `X-Visitor-Key` as jobs name it) is counted by
 * that key; one without is counted by their hashed address.
 */
export type QuotaCaller =
  { kind: 'user'; user: User } | { kind: 'visitor'; addressKey: string; visitorId?: string | null };

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
 * A daily quota per plan over one meter (chat's messages, the image tools' images). Users count
 * with their tier's limit. Visitors get the visitor limit: per key when their browser sends one,
 * and then also against `addressCeiling` per hashed address, so people behind one office, café
 * or carrier address each get their own allowance while one address cannot mint keys without
 * end; a visitor without a key counts by address. A refusal is the 429 body `{ message, code:
 * 'quota', limit, remaining, refusedBy, resetsAt, upgradeUrl }`.
 */
export function createPlanQuota<Caller extends QuotaCaller>(deps: {
  counter: QuotaCounter;
  meter: string;
  limits: Record<'visitor' | EntitlementTier, number>;
  /** Units per UTC day all keyed visitors behind one address share (none: no ceiling). */
  addressCeiling?: number;
  /** What is counted, in the plural (`messages`, `images`). */
  noun: string;
  now: () => Date;
}) {
  return createDailyQuota<Caller>({
    counter: deps.counter,
    meter: deps.meter,
    // The tier's daily limit (domains/billing/entitlements.ts reads the same limits).
    countsOf: (caller, now) => {
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
    },
    exceeded: (refusal) =>
      new QuotaExceededError({
        message: refusalText(deps.noun, refusal),
        code: 'quota',
        limit: refusal.limit,
        remaining: refusal.remaining,
        refusedBy: refusal.refusedBy === 'own' ? 'plan' : 'address',
        resetsAt: refusal.resetsAt.toISOString(),
        upgradeUrl,
      }),
    now: deps.now,
  });
}

/** Daily message quotas per subject (a user, or a visitor's hashed address) and UTC day. */
export function createQuota(deps: {
  counter: QuotaCounter;
  limits: ChatConfig['dailyLimits'];
  now: () => Date;
}) {
  return createPlanQuota<ChatCaller>({ ...deps, meter: 'chat', noun: 'messages' });
}

export type Quota = ReturnType<typeof createQuota>;
