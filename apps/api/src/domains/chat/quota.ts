import { createHmac } from 'node:crypto';
import type { ChatConfig } from './chat-config.ts';
import type { EntitlementTier } from '@studio/contracts';
import { tierOf } from '../billing/entitlements.ts';
import { createDailyQuota } from '../usage/daily-quota.ts';
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

/** Who a per-plan quota counts: a user (their tier's limit) or a visitor's hashed address. */
export type QuotaCaller = { kind: 'user'; user: User } | { kind: 'visitor'; addressKey: string };

/**
 * A daily quota per plan over one meter (chat's messages, the image tools' images): visitors
 * by hashed address with the visitor limit, users with their tier's; a refusal is the 429 body
 * `{ message: "You have reached today's limit of N <noun>.", code: 'quota', limit, resetsAt,
 * upgradeUrl }`.
 */
export function createPlanQuota<Caller extends QuotaCaller>(deps: {
  counter: QuotaCounter;
  meter: string;
  limits: Record<'visitor' | EntitlementTier, number>;
  /** What is counted, in the plural (`messages`, `images`). */
  noun: string;
  now: () => Date;
}) {
  return createDailyQuota<Caller>({
    counter: deps.counter,
    meter: deps.meter,
    // The tier's daily limit (domains/billing/entitlements.ts reads the same limits).
    limitOf: (caller, now) =>
      caller.kind === 'visitor'
        ? { subject: `visitor:${caller.addressKey}`, limit: deps.limits.visitor }
        : { subject: `user:${caller.user.id}`, limit: deps.limits[tierOf(caller.user, now)] },
    exceeded: (limit, resetsAt) =>
      new QuotaExceededError({
        message: `You have reached today's limit of ${limit} ${deps.noun}.`,
        code: 'quota',
        limit,
        resetsAt: resetsAt.toISOString(),
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
