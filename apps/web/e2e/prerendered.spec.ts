import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { phone, laptop } from './screens';
import { e2eServer } from './server';

/**
 * §7 of issue 22: the pages visitors land on arrive drawn (apps/api's prerendered pages, from
 * apps/web/src/prerender): the first screen is in the HTML, in the browser's language, before any
 * script has loaded; the app then takes over without anything on the screen moving; and the
 * picture is never shown to someone it is not for.
 */

const texts = {
  en: { hero: 'Your AI studio, in English and Vietnamese', plans: 'Plans & Pricing' },
  vi: { hero: 'Studio AI của bạn, bằng tiếng Việt và tiếng Anh', plans: 'Gói dịch vụ và bảng giá' },
} as const;
type Language = keyof typeof texts;

/** The app's entry script: blocking it leaves the page as the server drew it. */
const appEntry = /\/assets\/index-[^/]+\.js$/;

/** The server draws its pages as it starts: waits until / arrives drawn. */
async function prerendered(): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await fetch(e2eServer.url, { headers: { accept: 'text/html' } });
        return (await response.text()).includes('id="prerendered"');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function open(
  browser: Browser,
  options: BrowserContextOptions,
  language: Language,
  { withApp, stored = {} }: { withApp: boolean; stored?: Record<string, string> },
) {
  const context = await browser.newContext({
    ...options,
    baseURL: e2eServer.url,
    locale: language === 'vi' ? 'vi-VN' : 'en-US',
  });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  if (Object.keys(stored).length > 0) {
    await page.addInitScript((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, stored);
  }
  if (!withApp) await page.route(appEntry, (route) => route.abort());
  return { context, page, violations };
}

/** Where the first screen's landmarks are: the header's buttons, the title, the composer. */
async function layoutOf(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const within = document.querySelector(selector);
    if (!within) throw new Error(`no ${selector}`);
    const box = (element: Element | null) => {
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return [x, y, width, height].map(Math.round);
    };
    return {
      title: box(within.querySelector('h1')),
      composer: box(within.querySelector('textarea')),
      header: box(within.querySelector('header')),
      buttons: [...within.querySelectorAll('header button, header a')].map(box),
    };
  }, scope);
}

test.beforeAll(prerendered);

for (const [screen, options, language] of [
  ['phone', phone, 'vi'],
  ['laptop', laptop, 'en'],
] as const) {
  test.describe(`${screen}, ${language}`, () => {
    test('the first screen is in the HTML, drawn before any script of the app runs', async ({
      browser,
    }) => {
      const { context, page, violations } = await open(browser, options, language, {
        withApp: false,
      });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const picture = page.locator('#prerendered');
      await expect(picture).toBeVisible();
      await expect(picture.getByText(texts[language].hero)).toBeVisible();
      // The chat's composer is on the first screen (its block measured by the picture's script).
      const composer = picture.locator('textarea');
      await expect(composer).toBeInViewport();
      // A picture: nothing in it takes focus or reaches assistive technology.
      await expect(picture).toHaveAttribute('inert', '');
      await expect(picture).toHaveAttribute('aria-hidden', 'true');
      expect(violations).toEqual([]);
      await context.close();
    });

    test('the app takes over with nothing on the screen moving, and the picture goes', async ({
      browser,
    }) => {
      const drawn = await open(browser, options, language, { withApp: false });
      await drawn.page.goto('/');
      await expect(drawn.page.locator('#prerendered textarea')).toBeVisible();
      const before = await layoutOf(drawn.page, '#prerendered');
      await drawn.context.close();

      const { context, page, violations } = await open(browser, options, language, {
        withApp: true,
      });
      await page.goto('/');
      await expect(page.locator('#prerendered')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'off');
      await expect(
        page.getByRole('heading', { level: 1, name: texts[language].hero }),
      ).toBeVisible();
      await expect(page.getByRole('main')).toHaveCount(1);
      expect(await layoutOf(page, '#root')).toEqual(before);
      // The app works: the composer takes text.
      const composer = page.getByRole('textbox').first();
      await composer.fill('hello');
      await expect(composer).toHaveValue('hello');
      expect(violations).toEqual([]);
      await context.close();
    });
  });
}

test('/plans arrives drawn with its prices, in the browser language', async ({ browser }) => {
  const { context, page } = await open(browser, laptop, 'vi', { withApp: false });
  await page.goto('/plans');
  const picture = page.locator('#prerendered');
  // (A picture is hidden from assistive technology: found by its markup, not by role.)
  await expect(picture.locator('h1')).toHaveText(texts.vi.plans);
  // The prices the server answered itself, not a loading state.
  await expect(picture.getByText(/\d[\d.,]*\s?(₫|đ|\$|US\$)|(₫|\$)\s?\d/).first()).toBeVisible();
  await expect(picture.locator('[aria-busy="true"]')).toHaveCount(0);
  await context.close();
});

test.describe('the picture is never shown to someone it is not for', () => {
  for (const [who, stored] of [
    ['someone signed in', { token: 'e30.e30.sig', account: '{}' }],
    ['a visitor who chose English in a Vietnamese browser', { language: 'en' }],
  ] as const) {
    test(who, async ({ browser }) => {
      const { context, page } = await open(browser, phone, 'vi', { withApp: false, stored });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'off');
      await expect(page.locator('#prerendered')).toBeHidden();
      await context.close();
    });
  }

  test('a page the server does not draw is the plain shell', async ({ browser }) => {
    const { context, page } = await open(browser, laptop, 'en', { withApp: false });
    await page.goto('/help');
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await context.close();
  });
});
