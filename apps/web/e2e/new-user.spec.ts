import { expect, test, type Page } from '@playwright/test';
import { freshEmail, signInWithCode } from './mail';
import { laptop, phone } from './screens';

/**
 * Smaller things a new user notices (issue 22 §4, §5), in Chromium against the real server: a
 * phone (390×844, touch, device scale 2) and a laptop (1366×768), in English and Vietnamese.
 */

const languages = [
  { locale: 'en-US', openMenu: 'Open menu', sidebarName: 'Sections', sidebar: 'Help Center' },
  {
    locale: 'vi-VN',
    openMenu: 'Mở menu',
    sidebarName: 'Các mục',
    sidebar: 'Trung tâm trợ giúp',
  },
] as const;

/** How far a focused control's ring reaches past its box (outline width + offset, 2 + 2 px). */
const focusRingReach = 4;

for (const language of languages) {
  test.describe(`a phone in ${language.locale}`, () => {
    test.use({ ...phone, locale: language.locale });

    test('the menu button and its focus ring stay inside the screen', async ({ page }) => {
      await page.goto('/');
      const menu = page.getByRole('banner').getByRole('button', { name: language.openMenu });
      await expect(menu).toBeVisible();
      await menu.focus();
      const room = await menu.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const ring = getComputedStyle(element);
        return {
          right: innerWidth - box.right,
          top: box.top,
          outline: ring.outlineStyle,
          pageWidth: document.documentElement.scrollWidth,
          width: innerWidth,
        };
      });
      expect(room.outline).not.toBe('none');
      expect(room.right).toBeGreaterThanOrEqual(focusRingReach + 4);
      expect(room.pageWidth).toBeLessThanOrEqual(room.width);
    });
  });

  test.describe(`a laptop in ${language.locale}`, () => {
    test.use({ ...laptop, locale: language.locale });

    test('the sidebar lists the Help Center once', async ({ page }) => {
      await page.goto('/');
      const sidebar = page.getByRole('navigation', { name: language.sidebarName });
      await expect(sidebar).toBeVisible();
      await expect(sidebar.getByRole('link', { name: language.sidebar, exact: true })).toHaveCount(
        1,
      );
    });
  });
}

/** The conversation list in the sidebar once the first exchange has its title. */
async function titled(page: Page, title: string) {
  const list = page.getByRole('list', { name: 'Your conversations' });
  await expect(list.getByText(title, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
}

test.describe('shortened text keeps its words (issue 22 §4)', () => {
  test.use(laptop);

  test('a Markdown first message titles the conversation with all its words', async ({ page }) => {
    await signInWithCode(page, freshEmail('titles'));
    await page.goto('/home');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeVisible({ timeout: 20_000 });
    await composer.fill('Trip plan - Visit **Hanoi** and `Hue`');
    await composer.press('Enter');
    await titled(page, 'Trip plan - Visit Hanoi and Hue');
  });
});
