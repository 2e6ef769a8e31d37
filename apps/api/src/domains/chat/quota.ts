import { createHmac } from 'node:crypto';
import type { ChatConfig } from './chat-config.ts';
import { tierOf } from '../billing/entitlements.ts';
import { createDailyQuota } from '../usage/daily-quota.ts';
import type { QuotaCounter } from '../usage/quota-counter.ts';
import { QuotaExceededError } from './chat-errors.ts';
import type { ChatCaller } from './model-access.ts';

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

/** Daily message quotas per subject (a user, or a visitor's hashed address) and UTC day. */
export function createQuota(deps: {
  counter: QuotaCounter;
  limits: ChatConfig['dailyLimits'];
  now: () => Date;
}) {
  return createDailyQuota<ChatCaller>({
    counter: deps.counter,
    meter: 'chat',
    // The tier's dailyMessages (domains/billing/entitlements.ts reads the same limits).
    limitOf: (caller, now) =>
      caller.kind === 'visitor'
        ? { subject: `visitor:${caller.addressKey}`, limit: deps.limits.visitor }
        : { subject: `user:${caller.user.id}`, limit: deps.limits[tierOf(caller.user, now)] },
    exceeded: (limit, resetsAt) =>
      new QuotaExceededError({
        message: `You have reached today's limit of ${limit} messages.`,
        code: 'quota',
        limit,
        resetsAt: resetsAt.toISOString(),
        upgradeUrl,
      }),
    now: deps.now,
  });
}

export type Quota = ReturnType<typeof createQuota>;
