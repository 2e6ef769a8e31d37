import { pricingResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { samplePricing } from '../../../mocks/handlers/payments';
import { pricingShape } from './pricingShape';

type Json = Record<string, unknown>;
const copy = (): Json => structuredClone(samplePricing) as unknown as Json;
const at = (value: Json, path: string[]): Json =>
  path.reduce<Json>((object, key) => object[key] as Json, value);

/** Answers the contract refuses; the shape must refuse every one of them too. */
const refused: { name: string; change: (answer: Json) => void }[] = [
  { name: 'a missing price', change: (a) => delete at(a, ['subscriptions', 'monthly']).VND },
  { name: 'a price as text', change: (a) => (at(a, ['addons', 'godmode']).USD = '4.99') },
  { name: 'another currency', change: (a) => (at(a, ['monthly']).currency = 'EUR') },
  { name: 'a fractional percent', change: (a) => (at(a, ['yearlySavings', 'USD']).percent = 1.5) },
  { name: 'a missing tier', change: (a) => delete at(a, ['entitlements']).godmode },
  { name: 'an unknown model plan', change: (a) => (at(a, ['entitlements', 'pro']).models = 'max') },
  {
    name: 'a missing meter',
    change: (a) => delete at(a, ['entitlements', 'free', 'daily']).images,
  },
  { name: 'a meter the manifest lacks', change: (a) => (at(a, ['visitor', 'daily']).video = 3) },
  { name: 'a negative allowance', change: (a) => (at(a, ['visitor']).dailyImages = -1) },
  {
    name: 'no messages at all',
    change: (a) => (at(a, ['entitlements', 'free']).dailyMessages = 0),
  },
  {
    name: 'a yes/no as text',
    change: (a) => (at(a, ['entitlements', 'free']).spokenReplies = 'yes'),
  },
  { name: 'no visitor part', change: (a) => delete a.visitor },
];

describe('the prices checked without zod', () => {
  it('reads an answer exactly as the contract does, dropping what it does not know', () => {
    const answer = copy();
    answer.extra = 'ignored';
    expect(pricingShape.parse(answer)).toEqual(pricingResponse.parse(answer));
  });

  it.each(refused)('refuses $name, as the contract does', ({ change }) => {
    const answer = copy();
    change(answer);
    expect(pricingResponse.safeParse(answer).success).toBe(false);
    expect(() => pricingShape.parse(answer)).toThrow();
  });
});
