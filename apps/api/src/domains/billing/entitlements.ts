import type { EntitlementTier, ModelPlan, PlanEntitlements } from '@studio/contracts';

/**
 * THE one place that says what Free, Pro and Pro with GodMode unlock. Chat (models, quotas),
 * sharing (link limits) and the plan cards (GET /api/pricing) all read it from here.
 */

/** Chat messages per UTC day for each tier (CHAT_DAILY_LIMIT_FREE / _PRO / _GODMODE). */
export type TierDailyLimits = Record<EntitlementTier, number>;

const shareLimits: Record<
  EntitlementTier,
  Pick<PlanEntitlements, 'activeShareLinks' | 'shareLinkMaxDays'>
> = {
  free: { activeShareLinks: 5, shareLinkMaxDays: 30 },
  pro: { activeShareLinks: 100, shareLinkMaxDays: 365 },
  godmode: { activeShareLinks: 1000, shareLinkMaxDays: 365 },
};

/**
 * Every tier's entitlements from the chat's and the image tools' daily limits. A chat limit of
 * 0 (a switched-off tier) still reads as 1 message on the cards; images show their real number
 * (IMAGE_DAILY_LIMIT_*, where 0 means the tier makes none).
 */
export function planEntitlements(
  limits: TierDailyLimits,
  imageLimits: TierDailyLimits,
): Record<EntitlementTier, PlanEntitlements> {
  const of = (tier: EntitlementTier): PlanEntitlements => ({
    models: tier,
    dailyMessages: Math.max(1, limits[tier]),
    dailyImages: imageLimits[tier],
    // Spoken replies are open to everyone today (the chat has never gated them).
    spokenReplies: true,
    ...shareLimits[tier],
  });
  return { free: of('free'), pro: of('pro'), godmode: of('godmode') };
}

/**
 * What a visitor may use a day without an account (CHAT_DAILY_LIMIT_VISITOR,
 * IMAGE_DAILY_LIMIT_VISITOR): the same limits the quotas enforce, for the plans page.
 */
export function visitorAllowance(
  limits: { visitor: number },
  imageLimits: { visitor: number },
): { dailyMessages: number; dailyImages: number } {
  return { dailyMessages: limits.visitor, dailyImages: imageLimits.visitor };
}

/** What tierOf needs of a user: the paid periods, and the stored tier (a Pro granted by hand). */
export interface TierSubject {
  subscriptionTier: string;
  /** Epoch milliseconds. */
  proUntil?: number | null;
  godmodeUntil?: number | null;
}

/** Whether Pro is on: paid and not over, or granted by hand (users.subscription_tier = 'pro'). */
export function hasActivePro(user: TierSubject, now: Date): boolean {
  return user.subscriptionTier === 'pro' || (user.proUntil ?? 0) > now.getTime();
}

/** The effective tier. GodMode is an add-on to Pro: it counts only while Pro is active too. */
export function tierOf(user: TierSubject | null, now: Date): EntitlementTier {
  if (user === null || !hasActivePro(user, now)) return 'free';
  return (user.godmodeUntil ?? 0) > now.getTime() ? 'godmode' : 'pro';
}

/**
 * Which models a caller may use: the model plan is the caller's tier. A visitor (null) and a free
 * account get 'free'; paid Pro 'pro'; Pro with GodMode 'godmode'.
 */
export function planOf(user: TierSubject | null, now: Date = new Date()): ModelPlan {
  return tierOf(user, now);
}
