import { expect, test, type Page } from '@playwright/test';
import { freshEmail, signInWithCode } from './mail';

/**
 * §4 of issue 13: the chat is why people come, so on a phone (390×844) and a laptop (1366×768)
 * the composer is on the first screen of `/` (a visitor) and /home (signed in), in English and
 * Vietnamese, and nothing is wider than the screen.
 */
const screens = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

const names = {
  en: { composer: 'Message', model: 'Model', voice: /^Spoken replies/ },
  vi: { composer: 'Tin nhắn', model: 'Mô hình', voice: /^Trả lời bằng giọng nói/ },
} as const;
type Language = keyof typeof names;

/** The page has settled: the chat's models and the fonts are in, so nothing moves any more. */
async function settled(page: Page, language: Language) {
  await expect(page.getByRole('combobox', { name: names[language].model })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: names[language].voice })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

async function expectComposerOnFirstScreen(page: Page, language: Language) {
  const composer = page.getByRole('textbox', { name: names[language].composer });
  await expect(composer).toBeEnabled();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await composer.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no composer box or viewport');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // Typing works straight away, without scrolling.
  await composer.click();
  await expect(composer).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of ['en', 'vi'] as const) {
  for (const screen of screens) {
    test(`a visitor on / can type at once on a ${screen.name} (${language})`, async ({ page }) => {
      await page.setViewportSize(screen);
      await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
      await page.goto('/');
      await settled(page, language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoSidewaysScroll(page);
      await expectComposerOnFirstScreen(page, language);
    });
  }

  test(`a signed-in user on /home can type at once on a phone and a laptop (${language})`, async ({
    page,
  }) => {
    // Signs in, then loads /home twice.
    test.slow();
    await signInWithCode(page, freshEmail(`first-screen-${language}`));
    if (language === 'vi') {
      // A signed-in user's saved language wins (§7): choose it the way a user does.
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByRole('button', { name: /^Language: EN/ }).click();
      await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    }
    for (const screen of screens) {
      await page.setViewportSize(screen);
      await page.goto('/home');
      await settled(page, language);
      await expectNoSidewaysScroll(page);
      await expectComposerOnFirstScreen(page, language);
    }
  });
}

test('on a phone the header is one row and its drawer holds the menus and preferences', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await settled(page, 'en');
  const header = page.getByRole('banner');
  expect((await header.boundingBox())?.height).toBeLessThan(64);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  // Choosing a language re-renders the drawer in it (the radio is a new element by then), so
  // click and then read the new state rather than check(), which re-reads the old element.
  await drawer.getByRole('radio', { name: 'Tiếng Việt' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('radio', { name: 'Tiếng Việt' }),
  ).toBeChecked();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mở menu' })).toBeFocused();
  await expectNoSidewaysScroll(page);
});
