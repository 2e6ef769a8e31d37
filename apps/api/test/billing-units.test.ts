import { entitlementTiers, toolMeters } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  createCatalogue,
  fallbackCatalogue,
  planMonths,
} from '../src/domains/billing/catalogue.ts';
import {
  type DailyLimitsByMeter,
  planEntitlements,
  tierOf,
  visitorAllowance,
} from '../src/domains/billing/entitlements.ts';
import { formatUsdValue, fromMinor, toMinor } from '../src/domains/billing/money.ts';
import {
  addUtcMonths,
  entitlementTimeline,
  type TimelineGrant,
} from '../src/domains/billing/timeline.ts';

const at = (iso: string) => new Date(iso);
/**
 * The default CHAT_DAILY_LIMIT_*, IMAGE_DAILY_LIMIT_*, VOICE_DAILY_LIMIT_* and
 * DICTATION_DAILY_SECONDS_*, by meter.
 */
const limits: DailyLimitsByMeter = {
  chat: { visitor: 20, free: 100, pro: 2000, godmode: 10000 },
  images: { visitor: 5, free: 25, pro: 500, godmode: 2000 },
  speech: { visitor: 2000, free: 10000, pro: 200000, godmode: 1000000 },
  transcription: { visitor: 120, free: 600, pro: 7200, godmode: 14400 },
  music: { visitor: 180, free: 600, pro: 7200, godmode: 36000 },
  vision: { visitor: 10, free: 30, pro: 300, godmode: 1000 },
  pages: { visitor: 30, free: 100, pro: 1000, godmode: 5000 },
  writing: { visitor: 5, free: 20, pro: 300, godmode: 1000 },
};
const grant = (
  grantedAt: string,
  proMonths: number,
  godmodeMonths = 0,
  revokedAt: string | null = null,
): TimelineGrant => ({
  grantedAt: at(grantedAt),
  proMonths,
  godmodeMonths,
  revokedAt: revokedAt === null ? null : at(revokedAt),
});

describe('calendar months in UTC', () => {
  it('keeps the time of day and clamps the day of the month', () => {
    expect(addUtcMonths(at('2026-01-31T10:20:30.400Z'), 1).toISOString()).toBe(
      '2026-02-28T10:20:30.400Z',
    );
    expect(addUtcMonths(at('2028-01-31T00:00:00.000Z'), 1).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(addUtcMonths(at('2026-03-31T23:59:59.999Z'), 1).toISOString()).toBe(
      '2026-04-30T23:59:59.999Z',
    );
    expect(addUtcMonths(at('2026-11-15T08:00:00.000Z'), 2).toISOString()).toBe(
      '2027-01-15T08:00:00.000Z',
    );
    expect(addUtcMonths(at('2026-05-10T00:00:00.000Z'), 12).toISOString()).toBe(
      '2027-05-10T00:00:00.000Z',
    );
    expect(addUtcMonths(at('2024-02-29T00:00:00.000Z'), 12).toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
  });
});

describe('entitlement timeline', () => {
  it('is empty without grants', () => {
    expect(entitlementTimeline([])).toEqual({ proUntil: null, godmodeUntil: null });
  });

  it('stacks a renewal bought early onto the current end', () => {
    const ends = entitlementTimeline([
      grant('2026-01-10T00:00:00Z', 1),
      grant('2026-01-20T00:00:00Z', 1),
    ]);
    expect(ends.proUntil?.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(ends.godmodeUntil).toBeNull();
  });

  it('starts a purchase after a lapse from its own date', () => {
    const ends = entitlementTimeline([
      grant('2026-01-10T00:00:00Z', 1),
      grant('2026-06-01T00:00:00Z', 12),
    ]);
    expect(ends.proUntil?.toISOString()).toBe('2027-06-01T00:00:00.000Z');
  });

  it('orders grants by when they were granted, whatever order they come in', () => {
    const a = grant('2026-01-10T00:00:00Z', 1);
    const b = grant('2026-03-01T00:00:00Z', 1);
    expect(entitlementTimeline([b, a])).toEqual(entitlementTimeline([a, b]));
    expect(entitlementTimeline([b, a]).proUntil?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('chains Pro and GodMode separately (pro_monthly_godmode, then GodMode alone)', () => {
    const ends = entitlementTimeline([
      grant('2026-01-10T00:00:00Z', 12),
      grant('2026-02-01T00:00:00Z', 1, 1),
      grant('2026-02-15T00:00:00Z', 0, 12),
    ]);
    expect(ends.proUntil?.toISOString()).toBe('2027-02-10T00:00:00.000Z');
    expect(ends.godmodeUntil?.toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('drops a revoked grant and re-chains the later ones over its time (a refund shortens)', () => {
    const live = [grant('2026-01-10T00:00:00Z', 1), grant('2026-01-20T00:00:00Z', 1)];
    const refundedFirst = [
      grant('2026-01-10T00:00:00Z', 1, 0, '2026-01-25T00:00:00Z'),
      grant('2026-01-20T00:00:00Z', 1),
    ];
    expect(entitlementTimeline(live).proUntil?.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(entitlementTimeline(refundedFirst).proUntil?.toISOString()).toBe(
      '2026-02-20T00:00:00.000Z',
    );
    const allRevoked = [grant('2026-01-10T00:00:00Z', 1, 1, '2026-01-11T00:00:00Z')];
    expect(entitlementTimeline(allRevoked)).toEqual({ proUntil: null, godmodeUntil: null });
  });
});

describe('money', () => {
  it('converts without float noise', () => {
    expect(toMinor(19.99, 'USD')).toBe(1999);
    expect(toMinor(0.29, 'USD')).toBe(29);
    expect(toMinor(578000, 'VND')).toBe(578000);
    expect(fromMinor(19999, 'USD')).toBe(199.99);
    expect(formatUsdValue(1999)).toBe('19.99');
    expect(formatUsdValue(57800)).toBe('578.00');
    expect(formatUsdValue(5)).toBe('0.05');
  });
});

describe('catalogue', () => {
  const catalogue = createCatalogue(fallbackCatalogue);
  const entitlements = planEntitlements(limits);

  it('prices every plan from the §9 fallbacks (GodMode is a flat add-on)', () => {
    expect(catalogue.priceMinor('pro_monthly', 'USD')).toBe(1999);
    expect(catalogue.priceMinor('pro_yearly', 'VND')).toBe(5_780_000);
    expect(catalogue.priceMinor('pro_monthly_godmode', 'USD')).toBe(1999 + 57800);
    expect(catalogue.priceMinor('pro_yearly_godmode', 'VND')).toBe(5_780_000 + 14_450_000);
    expect(catalogue.priceMinor('godmode_monthly', 'USD')).toBe(57800);
    expect(catalogue.priceMinor('godmode_yearly', 'USD')).toBe(57800);
  });

  it('says how many months each plan buys', () => {
    expect(planMonths('pro_monthly')).toEqual({ pro: 1, godmode: 0 });
    expect(planMonths('pro_yearly')).toEqual({ pro: 12, godmode: 0 });
    expect(planMonths('pro_monthly_godmode')).toEqual({ pro: 1, godmode: 1 });
    expect(planMonths('pro_yearly_godmode')).toEqual({ pro: 12, godmode: 12 });
    expect(planMonths('godmode_yearly')).toEqual({ pro: 0, godmode: 12 });
  });

  it('answers the pricing response with savings 39.89 / 17 %', () => {
    const pricing = catalogue.pricing(entitlements, visitorAllowance(limits));
    expect(pricing.subscriptions).toEqual({
      monthly: { USD: 19.99, VND: 578000 },
      yearly: { USD: 199.99, VND: 5780000 },
    });
    expect(pricing.monthly).toEqual({ amount: 19.99, currency: 'USD' });
    expect(pricing.addons.godmode).toEqual({ USD: 578, VND: 14450000 });
    expect(pricing.yearlySavings.USD).toEqual({ amount: 39.89, percent: 17 });
    expect(pricing.yearlySavings.VND).toEqual({ amount: 1156000, percent: 17 });
    expect(pricing.entitlements.pro.activeShareLinks).toBe(100);
  });
});

describe('entitlements and tiers', () => {
  const now = at('2026-06-01T00:00:00Z');
  const later = now.getTime() + 1000;
  const earlier = now.getTime() - 1000;

  it('defines what each tier unlocks', () => {
    const all = planEntitlements(limits);
    expect(all.free).toEqual({
      models: 'free',
      daily: {
        chat: 100,
        images: 25,
        speech: 10000,
        transcription: 600,
        music: 600,
        vision: 30,
        pages: 100,
        writing: 20,
      },
      dailyMessages: 100,
      dailyImages: 25,
      spokenReplies: true,
      activeShareLinks: 5,
      shareLinkMaxDays: 30,
    });
    expect(all.pro).toEqual({
      models: 'pro',
      daily: {
        chat: 2000,
        images: 500,
        speech: 200000,
        transcription: 7200,
        music: 7200,
        vision: 300,
        pages: 1000,
        writing: 300,
      },
      dailyMessages: 2000,
      dailyImages: 500,
      spokenReplies: true,
      activeShareLinks: 100,
      shareLinkMaxDays: 365,
    });
    expect(all.godmode).toEqual({
      models: 'godmode',
      daily: {
        chat: 10000,
        images: 2000,
        speech: 1000000,
        transcription: 14400,
        music: 36000,
        vision: 1000,
        pages: 5000,
        writing: 1000,
      },
      dailyMessages: 10000,
      dailyImages: 2000,
      spokenReplies: true,
      activeShareLinks: 1000,
      shareLinkMaxDays: 365,
    });
  });

  it("keys each day's allowance by the tool manifest's meters, for every tier and visitors", () => {
    const all = planEntitlements(limits);
    for (const tier of entitlementTiers) {
      expect(Object.keys(all[tier].daily)).toEqual([...toolMeters]);
      for (const meter of toolMeters) expect(all[tier].daily[meter]).toBe(limits[meter][tier]);
    }
    expect(visitorAllowance(limits)).toEqual({
      daily: {
        chat: 20,
        images: 5,
        speech: 2000,
        transcription: 120,
        music: 180,
        vision: 10,
        pages: 30,
        writing: 5,
      },
      dailyMessages: 20,
      dailyImages: 5,
    });
  });

  it('says 0 for a meter a tier has none of (the older chat field still reads 1)', () => {
    const switchedOff = planEntitlements({
      chat: { ...limits.chat, free: 0 },
      images: { ...limits.images, free: 0 },
      speech: { ...limits.speech, free: 0 },
      transcription: { ...limits.transcription, free: 0 },
      music: { ...limits.music, free: 0 },
      vision: { ...limits.vision, free: 0 },
      pages: { ...limits.pages, free: 0 },
      writing: { ...limits.writing, free: 0 },
    }).free;
    expect(switchedOff.daily).toEqual({
      chat: 0,
      images: 0,
      speech: 0,
      transcription: 0,
      music: 0,
      vision: 0,
      pages: 0,
      writing: 0,
    });
    expect(switchedOff.dailyMessages).toBe(1);
    expect(switchedOff.dailyImages).toBe(0);
  });

  it('counts GodMode only while Pro is active too', () => {
    expect(tierOf(null, now)).toBe('free');
    expect(tierOf({ subscriptionTier: 'free', proUntil: null, godmodeUntil: null }, now)).toBe(
      'free',
    );
    expect(tierOf({ subscriptionTier: 'free', proUntil: later, godmodeUntil: null }, now)).toBe(
      'pro',
    );
    expect(tierOf({ subscriptionTier: 'free', proUntil: earlier, godmodeUntil: later }, now)).toBe(
      'free',
    );
    expect(tierOf({ subscriptionTier: 'free', proUntil: later, godmodeUntil: later }, now)).toBe(
      'godmode',
    );
    expect(tierOf({ subscriptionTier: 'free', proUntil: later, godmodeUntil: earlier }, now)).toBe(
      'pro',
    );
    // A Pro granted by hand (the stored tier) has no end.
    expect(tierOf({ subscriptionTier: 'pro', proUntil: null, godmodeUntil: null }, now)).toBe(
      'pro',
    );
  });
});
