import { expect, test, type Page } from '@playwright/test';
import { startGeolocationStandIn, type GeolocationStandIn } from './geolocationStandIn';
import { startServerInstance, type ServerInstance } from './serverInstance';

/**
 * Records the document's `lang` when the app's scripts have run (DOMContentLoaded comes after
 * the module scripts) and every value it takes afterwards.
 */
async function recordLanguage(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { languagesSeen: seen });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.documentElement;
      seen.push(root.lang);
      new MutationObserver(() => seen.push(root.lang)).observe(root, {
        attributes: true,
        attributeFilter: ['lang'],
      });
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { languagesSeen: string[] }).languagesSeen);
}

/** The cached detection (§7), once country detection has settled. */
async function settledCountry(page: Page) {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('detectedCountry')), { timeout: 15_000 })
    .not.toBeNull();
  return JSON.parse(
    (await page.evaluate(() => localStorage.getItem('detectedCountry'))) ?? '{}',
  ) as { country?: string; fallback?: boolean };
}

test.describe('a vi-VN browser, every geolocation service unreachable', () => {
  test.use({ locale: 'vi-VN' });
  // It waits for country detection to settle, on a machine that may be busy.
  test.slow();

  test('is shown Vietnamese from the first moment, and after detection falls back to US', async ({
    page,
  }) => {
    const languagesSeen = await recordLanguage(page);
    await page.goto('/');
    expect((await languagesSeen())[0]).toBe('vi');
    await expect(page.getByRole('button', { name: /^Ngôn ngữ: / })).toBeVisible();

    // The suite's server lists only unreachable services: detection fails and falls back to US.
    expect(await settledCountry(page)).toEqual(
      expect.objectContaining({ country: 'US', fallback: true }),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page.getByRole('button', { name: /^Ngôn ngữ: / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Đăng nhập' }).first()).toBeVisible();
    expect(await languagesSeen()).not.toContain('en');
    // Nothing was stored: it stays a suggestion until the visitor chooses.
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
  });
});

test.describe('a geolocation service that answers VN', () => {
  // One server for the group: its tests run one after another in one worker.
  test.describe.configure({ mode: 'default' });
  test.slow();
  let geolocation: GeolocationStandIn;
  let server: ServerInstance;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    geolocation = await startGeolocationStandIn('VN');
    // The browser calls the services itself (lib/country.ts), at the URLs the server configures
    // in /config.json and allows in its CSP: so a real server, configured with the stand-in.
    server = await startServerInstance({ GEOLOCATION_SERVICES: geolocation.url });
  });

  test.afterAll(async () => {
    await server?.stop();
    await geolocation?.close();
  });

  test('turns an fr-FR browser to Vietnamese', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const asked = geolocation.requests.length;
    await page.goto(`${server.url}/`);
    expect(await settledCountry(page)).toEqual(
      expect.objectContaining({ country: 'VN', fallback: false }),
    );
    expect(geolocation.requests.length).toBeGreaterThan(asked);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page.getByRole('button', { name: /^Ngôn ngữ: / })).toBeVisible();

    // The next visit starts in Vietnamese: the cached country counts before the first render.
    const languagesSeen = await recordLanguage(page);
    await page.reload();
    expect((await languagesSeen())[0]).toBe('vi');
    await context.close();
  });

  test('leaves an en-US browser in English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await settledCountry(page)).toEqual(
      expect.objectContaining({ country: 'VN', fallback: false }),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: /^Language: / })).toBeVisible();
    await context.close();
  });
});
