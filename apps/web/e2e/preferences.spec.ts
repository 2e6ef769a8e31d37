import { expect, test } from '@playwright/test';

test('theme, language and currency persist across a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('button', { name: /^Theme: / }).click();
  // The picker opens on the chosen theme; arrow keys move through the six (Dark, Light, Cherry…).
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Cherry' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'cherry');
  // A light theme's native controls and scrollbars are light too (the default's :root rule once
  // overrode the chosen theme's color-scheme).
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^Currency: / }).click();
  await page.getByRole('menuitemradio', { name: /EUR/ }).click();
  await expect(page.getByRole('button', { name: 'Currency: EUR' })).toBeVisible();

  await page.getByRole('button', { name: /^Language: / }).click();
  await page.getByRole('menuitemradio', { name: /Tiếng Việt/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'cherry');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('button', { name: /EUR/ })).toBeVisible();
  expect(
    await page.evaluate(() => ({
      theme: localStorage.getItem('theme'),
      language: localStorage.getItem('language'),
      currency: localStorage.getItem('currency'),
    })),
  ).toEqual({ theme: 'cherry', language: 'vi', currency: 'EUR' });
});

test('unsupported stored preferences fall back to the defaults', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('language', 'fr');
    localStorage.setItem('currency', 'JPY');
    localStorage.setItem('theme', 'neon');
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Currency: USD' })).toBeVisible();
});

test('country detection falls back to US when every service is unreachable', async ({ page }) => {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('detectedCountry')), { timeout: 15_000 })
    .toContain('US');
  const cached = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('detectedCountry'))) ?? '{}',
  ) as { country?: string; at?: number };
  expect(cached.country).toBe('US');
  expect(typeof cached.at).toBe('number');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
