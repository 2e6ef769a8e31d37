import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { watchNetwork } from './networkQuiet';
import { phone, screens } from './screens';
import { e2eServer } from './server';

/**
 * §7 of issue 22: nothing on the first screen moves as the page's parts arrive (its code, its
 * translations, the fonts, the model list). Every layout shift a fresh visit records is added up
 * (Lighthouse's CLS keeps only the worst window, so the sum is the stricter figure) until the page
 * has settled, and must stay under 0.1, Lighthouse's "good". Layout shift is a ratio of the
 * screen, not a timing, so a busy machine does not change it.
 */
const shiftBudget = 0.1;

const texts = {
  en: { model: 'Model', plans: 'Plans & Pricing' },
  vi: { model: 'Mô hình', plans: 'Gói dịch vụ và bảng giá' },
} as const;
type Language = keyof typeof texts;

/** What each page shows once it is complete: after it, nothing more arrives on its own. */
const pages: Record<string, (page: Page, language: Language) => Promise<void>> = {
  '/': async (page, language) => {
    await expect(page.getByRole('combobox', { name: texts[language].model })).toBeVisible();
  },
  '/plans': async (page, language) => {
    await expect(
      page.getByRole('heading', { level: 1, name: texts[language].plans }),
    ).toBeVisible();
  },
  '/imagen': async (page, language) => {
    await expect(page.getByRole('combobox', { name: texts[language].model })).toBeVisible();
  },
};

/** Quiet for this long (no request in flight) counts as "the network has settled". */
const QUIET_MS = 1000;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

async function shiftsOfFirstVisit(
  browser: Browser,
  options: BrowserContextOptions,
  path: string,
  language: Language,
  /** An API path whose answer comes this late (a slow connection, a busy server). */
  late?: { path: string; ms: number },
): Promise<Shift[]> {
  const context = await browser.newContext({
    ...options,
    baseURL: e2eServer.url,
    locale: language === 'vi' ? 'vi-VN' : 'en-US',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript((chosen) => {
      localStorage.setItem('language', chosen);
      const shifts: { value: number; at: number; sources: string[] }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      // Shifts within 500 ms of a tap or key press are the user's doing, not the page's.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            at: Math.round(entry.startTime),
            sources: (entry.sources ?? []).map((source) => {
              const node = source.node;
              if (!(node instanceof Element)) return node?.nodeName ?? '?';
              const text = node.textContent?.trim().slice(0, 40) ?? '';
              return `<${node.tagName.toLowerCase()}> ${text}`;
            }),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, language);

    if (late) {
      await page.route(`**${late.path}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, late.ms));
        await route.continue();
      });
    }
    const network = watchNetwork(page);

    await page.goto(path);
    const ready = pages[path];
    if (!ready) throw new Error(`no readiness check for ${path}`);
    await ready(page, language);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await network.untilQuiet(QUIET_MS);
    // Two frames after the last arrival, so its layout (and any shift it causes) is recorded.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))),
        ),
    );
    return await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  } finally {
    await context.close();
  }
}

for (const language of ['en', 'vi'] as const) {
  for (const [screenName, options] of Object.entries(screens)) {
    for (const path of Object.keys(pages)) {
      test(`${path} does not move as it loads on a ${screenName} (${language})`, async ({
        browser,
      }) => {
        const shifts = await shiftsOfFirstVisit(browser, options, path, language);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        // The shifts, with what moved, make a failure readable.
        const detail = shifts
          .map(
            (shift) => `${shift.value.toFixed(4)} at ${shift.at} ms: ${shift.sources.join(' | ')}`,
          )
          .join('\n');
        expect(total, `layout shifts on ${path}:\n${detail}`).toBeLessThan(shiftBudget);
      });
    }
  }
}

// Seen once in CI under load: the plan cards grew when their lines came with the price list.
test('/plans does not move when its price list comes late on a phone', async ({ browser }) => {
  const shifts = await shiftsOfFirstVisit(browser, phone, '/plans', 'en', {
    path: '/api/pricing',
    ms: 1500,
  });
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(shifts)).toBeLessThan(shiftBudget);
});
