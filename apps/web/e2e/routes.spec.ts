import { expect, test } from '@playwright/test';
import { builtChunkOf } from './builtChunks';

const notFoundTitle = { en: 'Page not found', vi: 'Không tìm thấy trang' } as const;

/** Every public route of §2's table, and the footer routes. */
const publicRoutes = [
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/auth/callback',
  '/plans',
  '/payment/callback',
  '/about-us',
  '/privacy-policy',
  '/terms-of-use',
  '/help',
  '/contact',
  '/share/missing-slug',
  '/services',
  '/image-generator',
  '/imagen',
  '/office-tools',
  '/anime',
  '/voice-synthesis',
  '/music-creator',
  '/vision',
  '/content-writer',
  '/library',
  '/service-usage-policy',
  '/purchases-refunds',
  '/ownership-ip',
  '/shipping-inspection',
  '/vnpay-instructions',
];

/**
 * The routes in groups, each group visited in one page one route after another: a fresh browser
 * per route spent most of its time loading the same scripts again, and a group still names the
 * route that failed (each visit is a step).
 */
const routeGroupSize = 7;
const routeGroups = Array.from(
  { length: Math.ceil(publicRoutes.length / routeGroupSize) },
  (_, index) => publicRoutes.slice(index * routeGroupSize, (index + 1) * routeGroupSize),
);

for (const language of ['en', 'vi'] as const) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
    });

    for (const routes of routeGroups) {
      test(`${routes.join(', ')} render`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        for (const route of routes) {
          await test.step(route, async () => {
            const response = await page.goto(route);
            expect(response?.status(), route).toBe(200);
            await expect(page.locator('html')).toHaveAttribute('lang', language);
            await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
            await expect(page.getByRole('main')).toBeVisible();
            // Not the not-found page.
            await expect(
              page.getByRole('heading', { level: 1, name: notFoundTitle[language] }),
            ).toHaveCount(0);
            expect(errors, route).toEqual([]);
          });
        }
      });
    }

    test('/profile, /membership and /home send a visitor to /login', async ({ page }) => {
      for (const route of ['/profile', '/membership', '/home']) {
        await test.step(route, async () => {
          await page.goto(route);
          await expect(page).toHaveURL(/\/login$/);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        });
      }
    });
  });
}

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: notFoundTitle.en })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
});

test('the not-found page speaks Vietnamese too', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'vi'));
  await page.goto('/khong-co-trang-nay');
  await expect(page.getByRole('heading', { level: 1, name: notFoundTitle.vi })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
});

test('signing out clears the stored session and returns home', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('token', 'stale-token');
    window.localStorage.setItem('account', '{"username":"linh"}');
  });
  await page.goto('/auth/signout-callback');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => window.localStorage.getItem('account'))).toBeNull();
});

test('a page that fails to load shows the error fallback, which Refresh Page leaves', async ({
  page,
}) => {
  const aboutChunk = `**/${builtChunkOf('src/features/pages/about/AboutPage.tsx')}`;
  await page.route(aboutChunk, (route) => route.abort());
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(
    page.getByText(
      "We're sorry, but something unexpected happened. Please try refreshing the page.",
    ),
  ).toBeVisible();
  // The full-page fallback offers one way out (§4): the reload.
  await page.unroute(aboutChunk);
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
