import type { PricingResponse } from '@studio/contracts';
import { modelPlans } from '@studio/contracts/chatOptions';
import { toolMeters } from '@studio/contracts/tools';
import { z, type Infer } from '../../../lib/shape';

/**
 * GET /api/pricing's answer as the contract (@studio/contracts' pricingResponse) defines it,
 * checked without zod: the prices are the first thing /plans reads, and zod would be a quarter
 * of that page's first load. The type below fails to compile when this and the contract part
 * ways, and pricingShape.test.ts holds both to the same answers and the same refusals.
 */
const priceByCurrency = z.object({ USD: z.number(), VND: z.number() });
const savings = z.object({ amount: z.number(), percent: z.number({ int: true }) });
const count = z.number({ int: true, min: 0 });
const positive = z.number({ int: true, min: 1 });
const dailyAllowances = z.exhaustiveRecord(toolMeters, count);

const planEntitlements = z.object({
  models: z.oneOf(modelPlans),
  daily: dailyAllowances,
  dailyMessages: positive,
  dailyImages: count,
  spokenReplies: z.boolean(),
  activeShareLinks: count,
  shareLinkMaxDays: positive,
});

export const pricingShape = z.object({
  subscriptions: z.object({ monthly: priceByCurrency, yearly: priceByCurrency }),
  monthly: z.object({ amount: z.number(), currency: z.oneOf(['USD']) }),
  addons: z.object({ godmode: priceByCurrency }),
  yearlySavings: z.object({ USD: savings, VND: savings }),
  entitlements: z.object({
    free: planEntitlements,
    pro: planEntitlements,
    godmode: planEntitlements,
  }),
  visitor: z.object({ daily: dailyAllowances, dailyMessages: count, dailyImages: count }),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only while the shape parses to exactly the contract's type. */
export const pricingShapeMatchesContract: Same<Infer<typeof pricingShape>, PricingResponse> = true;
