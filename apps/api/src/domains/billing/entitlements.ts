import {
  type DailyAllowances,
  type EntitlementTier,
  type ModelPlan,
  type PlanEntitlements,
  type PricingResponse,
  type ToolMeter,
  toolMeters,
} from '@studio/contracts';

/**
 * THE one place that says what Free, Pro and Pro with GodMode unlock. Chat (models, quotas),
 * sharing (link limits) and the plan cards (GET /api/pricing) all read it from here.
 */

/** One meter's units per UTC day, for visitors and each tier (CHAT_DAILY_LIMIT_*, IMAGE_…). */
export type MeterDailyLimits = Record<'visitor' | EntitlementTier, number>;

/**
 * Every meter of the tool manifest with its daily limits, from the configuration of the tool
 * that counts it (assembled with the configuration: `config.dailyLimitsByMeter`).
 */
export type DailyLimitsByMeter = Record<ToolMeter, MeterDailyLimits>;

const shareLimits: Record<
  EntitlementTier,
  Pick<PlanEntitlements, 'activeShareLinks' | 'shareLinkMaxDays'>
> = {
  free: { activeShareLinks: 5, shareLinkMaxDays: 30 },
  pro: { activeShareLinks: 100, shareLinkMaxDays: 365 },
  godmode: { activeShareLinks: 1000, shareLinkMaxDays: 365 },
};

/** Each meter's allowance a day for one kind of caller, by the manifest's meters. */
function dailyAllowancesOf(
  limits: DailyLimitsByMeter,
  who: 'visitor' | EntitlementTier,
): DailyAllowances {
  return Object.fromEntries(
    toolMeters.map((meter) => [meter, limits[meter][who]]),
  ) as DailyAllowances;
}

/**
 * Every tier's entitlements from its daily limit on each meter (where 0 means the tier has none).
 * The two fields from before the meters stay as they were: a chat limit of 0 (a switched-off
 * tier) still reads as 1 message there.
 */
export function planEntitlements(
  limits: DailyLimitsByMeter,
): Record<EntitlementTier, PlanEntitlements> {
  const of = (tier: EntitlementTier): PlanEntitlements => {
    const daily = dailyAllowancesOf(limits, tier);
    return {
      models: tier,
      daily,
      dailyMessages: Math.max(1, daily.chat),
      dailyImages: daily.images,
      // Spoken replies are open to everyone today (the chat has never gated them).
      spokenReplies: true,
      ...shareLimits[tier],
    };
  };
  return { free: of('free'), pro: of('pro'), godmode: of('godmode') };
}

/**
 * What a visitor may use a day without an account (CHAT_DAILY_LIMIT_VISITOR,
 * IMAGE_DAILY_LIMIT_VISITOR…): the same limits the quotas enforce, for the plans page.
 */
export function visitorAllowance(limits: DailyLimitsByMeter): PricingResponse['visitor'] {
  const daily = dailyAllowancesOf(limits, 'visitor');
  return { daily, dailyMessages: daily.chat, dailyImages: daily.images };
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
