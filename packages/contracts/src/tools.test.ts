import { describe, expect, it } from 'vitest';
import { dailyAllowances, planEntitlements, pricingResponse } from './payments.ts';
import { openToolMeters, studioTools, toolMeters } from './tools.ts';

describe('the tool meters', () => {
  it('are each counted by a tool of the manifest, and every tool meters one of them or none', () => {
    const metered = new Set(studioTools.flatMap((tool) => tool.meters));
    for (const meter of toolMeters) expect(metered).toContain(meter);
    for (const tool of studioTools) {
      for (const meter of tool.meters) expect(toolMeters).toContain(meter);
    }
  });

  it("lists the open tools' meters once each, in the manifest's order", () => {
    expect(openToolMeters).toEqual([
      'chat',
      'images',
      'vision',
      'writing',
      'pages',
      'music',
      'speech',
      'transcription',
    ]);
  });
});

describe('the daily allowances (GET /api/pricing, /api/membership)', () => {
  it('name every meter of the manifest, and nothing else', () => {
    const all = {
      chat: 20,
      images: 5,
      speech: 2000,
      transcription: 120,
      music: 180,
      vision: 10,
      pages: 50,
      writing: 5,
    };
    expect(dailyAllowances.safeParse(all).success).toBe(true);
    expect(dailyAllowances.safeParse({ chat: 20, images: 5 }).success).toBe(false);
    const withoutPages: Partial<typeof all> = { ...all };
    delete withoutPages.pages;
    expect(dailyAllowances.safeParse(withoutPages).success).toBe(false);
    expect(dailyAllowances.safeParse({ ...all, video: 1 }).success).toBe(false);
    expect(dailyAllowances.safeParse({ ...all, images: -1 }).success).toBe(false);
  });

  it('sit beside the fields from before the meters (their clients still read them)', () => {
    const fields = ['daily', 'dailyMessages', 'dailyImages'];
    expect(Object.keys(planEntitlements.shape)).toEqual(expect.arrayContaining(fields));
    expect(Object.keys(pricingResponse.shape.visitor.shape)).toEqual(fields);
  });
});
