import { createHmac } from 'node:crypto';
import type { ChatConfig } from './chat-config.ts';
import { tierOf } from '../billing/entitlements.ts';
import type { ChatRepository } from './chat.repository.ts';
import { QuotaExceededError } from './chat-errors.ts';
import type { ChatCaller } from './model-access.ts';

/** Where the quota error sends people who want more. */
export const upgradeUrl = '/plans';

/** YYYY-MM-DD of the UTC day. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * A visitor's quota key: an HMAC of their address with the server secret, so chat_usage never
 * holds an IP address and the key cannot be reversed by trying all addresses without the secret.
 */
export function visitorKey(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`chat-visitor:${ip}`).digest('base64url');
}

/**
 * One counted message, held while its reply is written. `release` gives it back: a reply that
 * fails before the model wrote anything costs nothing (see README, Chat quotas). Taking the unit
 * first and giving it back later (rather than counting at the end) keeps the limit on replies
 * in flight: a user cannot start more at once than they have left.
 */
export interface QuotaUnit {
  release(): Promise<void>;
}

/** Daily message quotas per subject (a user, or a visitor's hashed address) and UTC day. */
export function createQuota(deps: {
  repository: ChatRepository;
  limits: ChatConfig['dailyLimits'];
  now: () => Date;
}) {
  // The tier's dailyMessages (domains/billing/entitlements.ts reads the same limits).
  const limitFor = (caller: ChatCaller, now: Date): number =>
    caller.kind === 'visitor' ? deps.limits.visitor : deps.limits[tierOf(caller.user, now)];

  return {
    /** Counts one message, or throws QuotaExceededError when today's are used up. */
    async take(caller: ChatCaller): Promise<QuotaUnit> {
      const now = deps.now();
      const subject =
        caller.kind === 'visitor' ? `visitor:${caller.addressKey}` : `user:${caller.user.id}`;
      const limit = limitFor(caller, now);
      // The day it was counted on: a reply failing just after midnight gives back yesterday's.
      const day = utcDay(now);
      if (await deps.repository.takeDailyMessage(subject, day, limit)) {
        let released = false;
        return {
          async release() {
            if (released) return;
            released = true;
            await deps.repository.releaseDailyMessage(subject, day);
          },
        };
      }
      throw new QuotaExceededError({
        message: `You have reached today's limit of ${limit} messages.`,
        code: 'quota',
        limit,
        resetsAt: nextUtcMidnight(now).toISOString(),
        upgradeUrl,
      });
    },
  };
}

export type Quota = ReturnType<typeof createQuota>;
