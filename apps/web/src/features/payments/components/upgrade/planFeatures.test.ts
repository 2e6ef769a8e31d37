import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { samplePricing } from '../../../../mocks/handlers/payments';
import { entitlementLines } from '../../billing/entitlements';
import { planFeatures } from './planFeatures';

// A t that shows which namespace and key a line came from.
const fakeT = (namespace: string) =>
  ((key: string, options?: Record<string, unknown>) =>
    `${namespace}:${key}${options ? JSON.stringify(options) : ''}`) as unknown as TFunction;
const texts = { payments: fakeT('payments'), billing: fakeT('billing') };
const formatNumber = (value: number) => String(value);

describe('planFeatures (the upgrade modal)', () => {
  it.each(['free', 'pro', 'godmode'] as const)(
    "lists %s's lines exactly as /plans does (issue 22 §5: one wording)",
    (tier) => {
      expect(planFeatures(tier, samplePricing, texts, formatNumber)).toEqual(
        entitlementLines(samplePricing.entitlements[tier], texts.billing, formatNumber),
      );
    },
  );

  it('says general lines of its own until the pricing arrives', () => {
    expect(planFeatures('pro', null, texts, formatNumber)).toEqual([
      'payments:plan.fallbackFeatures.pro.1',
      'payments:plan.fallbackFeatures.pro.2',
      'payments:plan.fallbackFeatures.pro.3',
    ]);
  });
});
