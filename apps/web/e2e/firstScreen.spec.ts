import { expect, test, type Locator, type Page } from '@playwright/test';
import { freshEmail, signInWithCode } from './mail';
import { screens } from './screens';

/**
 * The chat is why people come (§4 of issue 13, §2 and §3 of issue 22). On a phone (390×844, a
 * touch screen at device scale 2) and a laptop (1366×768), in a fresh English and a fresh
 * Vietnamese browser, for a visitor on `/` and a signed-in user on /home:
 * - the whole composer (its text box, its controls and Send) is on the first screen, with the
 *   page at its top, even with the demo-model notice the chat shows on a fresh `npm start`;
 * - once a message is sent, the newest text and the composer stay in view while the reply
 *   streams and after it, without the page moving;
 * - scrolling the messages up stops the following and offers the way back to the newest; back
 *   at the bottom, the chat follows again;
 * - the model picker names the demo model in the reader's language;
 * - nothing is wider than the screen.
 */

const languages = {
  en: {
    locale: 'en-US',
    composer: 'Message',
    form: 'Write a message',
    send: 'Send',
    stop: 'Stop',
    model: 'Model',
    demoModel: 'Demo model',
    voice: /^Spoken replies/,
    messages: 'Messages',
    jump: 'Jump to newest',
    note: 'About the demo model',
  },
  vi: {
    locale: 'vi-VN',
    composer: 'Tin nhắn',
    form: 'Viết tin nhắn',
    send: 'Gửi',
    stop: 'Dừng',
    model: 'Mô hình',
    demoModel: 'Mô hình thử nghiệm',
    voice: /^Trả lời bằng giọng nói/,
    messages: 'Tin nhắn',
    jump: 'Xuống tin nhắn mới nhất',
    note: 'Về mô hình thử nghiệm',
  },
} as const;
type Names = (typeof languages)[keyof typeof languages];

/**
 * The chat as a fresh `npm start` shows it: there the sandbox stands in for a model that is not
 * installed, so the models answer carries the command that installs one and the chat shows its
 * demo-model notice above the composer. The e2e server names its models (CHAT_MODELS), so the
 * test adds what a fresh start would say to the server's real answer.
 */
async function asOnAFreshStart(page: Page) {
  await page.route('**/api/chat/models/chat', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, pullCommand: 'npm run models:pull' } });
  });
}

/** The page has settled: the chat's models and the fonts are in, so nothing moves any more. */
async function settled(page: Page, names: Names) {
  await expect(page.getByRole('combobox', { name: names.model })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: names.voice })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

async function expectInViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box or viewport');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

async function scrollY(page: Page) {
  return page.evaluate(() => window.scrollY);
}

async function expectComposerOnFirstScreen(page: Page, names: Names) {
  const composer = page.getByRole('textbox', { name: names.composer });
  await expect(composer).toBeEnabled();
  expect(await scrollY(page)).toBe(0);
  await expectInViewport(page, page.getByRole('form', { name: names.form }));
  await expectInViewport(page, composer);
  await expectInViewport(page, page.getByRole('button', { name: names.send, exact: true }));
  // Typing works straight away, without scrolling.
  await composer.click();
  await expect(composer).toBeFocused();
  expect(await scrollY(page)).toBe(0);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The messages' scroller: how far from its bottom it shows, and how far down it is. */
function messagesScroller(page: Page, names: Names) {
  return page.getByRole('region', { name: names.messages, exact: true });
}

async function distanceFromBottom(scroller: Locator) {
  return scroller.evaluate(
    (element) => element.scrollHeight - element.scrollTop - element.clientHeight,
  );
}

/**
 * The newest message's end is inside the messages' visible part (within `slack` px of its
 * bottom), and that is on screen. Read in the page once the frame under way is done. The chat
 * follows what grew at the next frame, and a change can land between two frames (a chunk of the
 * reply, the actions a finished reply gains, a notice that shrinks the frame), so the reading is
 * repeated until it holds: a chat that stopped following never gets there. While a reply streams
 * it may be a line ahead (slack 48, the chat's own "at the bottom"); a finished one is exactly in
 * view.
 */
async function expectNewestInView(page: Page, names: Names, slack: number) {
  const scroller = messagesScroller(page, names);
  const measure = () =>
    scroller.evaluate(
      (element) =>
        new Promise<{ newestEnd: number; frameTop: number; frameBottom: number }>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const frame = element.getBoundingClientRect();
              const newest = element.querySelector(':scope > ol > li:last-child');
              resolve({
                newestEnd: newest ? newest.getBoundingClientRect().bottom : Number.NaN,
                frameTop: frame.top,
                frameBottom: frame.bottom,
              });
            }),
          ),
        ),
    );
  let seen = await measure();
  await expect
    .poll(async () => {
      seen = await measure();
      return seen.newestEnd - seen.frameBottom;
    })
    .toBeLessThanOrEqual(slack);
  expect(seen.newestEnd).toBeGreaterThan(seen.frameTop);
  await expectInViewport(page, scroller);
}

/** Sends a message from the composer, as a user does. */
async function send(page: Page, names: Names, text: string) {
  const composer = page.getByRole('textbox', { name: names.composer });
  await composer.fill(text);
  await composer.press('Enter');
}

/**
 * A long reply ([long]: a dozen paragraphs) keeps its newest words and the composer in view
 * while it streams and once it is done; the page itself never scrolls.
 */
async function expectLongReplyFollowed(page: Page, names: Names) {
  await send(page, names, 'Tell me about rivers [long]');
  const stop = page.getByRole('button', { name: names.stop, exact: true });
  await expect(stop).toBeVisible({ timeout: 20_000 });
  const reply = messagesScroller(page, names).locator(':scope > ol > li').last();
  for (const paragraph of [4, 9]) {
    await expect(reply).toContainText(`${paragraph}.`, { timeout: 20_000 });
    await expectInViewport(page, stop);
    await expectNewestInView(page, names, 48);
  }
  const sendButton = page.getByRole('button', { name: names.send, exact: true });
  await expect(sendButton).toBeVisible({ timeout: 20_000 });
  await expect(reply).toContainText('12.');
  await expectInViewport(page, sendButton);
  await expectNewestInView(page, names, 1);
  expect(await scrollY(page)).toBe(0);
}

/**
 * While a slow reply streams, scrolling the messages up stops the following and offers the way
 * back; the jump returns to the newest and following resumes, as it does when the reader
 * scrolls back to the bottom themselves.
 */
async function expectScrollingUpStopsFollowing(page: Page, names: Names) {
  await send(page, names, 'And about lakes [slow] [long]');
  const stop = page.getByRole('button', { name: names.stop, exact: true });
  await expect(stop).toBeVisible({ timeout: 20_000 });
  const scroller = messagesScroller(page, names);
  const reply = scroller.locator(':scope > ol > li').last();
  await expect(reply).not.toHaveText(/^\s*$/);
  const jump = page.getByRole('button', { name: names.jump });
  await expect(jump).toBeHidden();

  await scroller.hover();
  await page.mouse.wheel(0, -400);
  await expect(jump).toBeVisible();
  const readingAt = await scroller.evaluate((element) => element.scrollTop);
  const lengthThen = (await reply.textContent())?.length ?? 0;
  await expect
    .poll(async () => (await reply.textContent())?.length ?? 0)
    .toBeGreaterThan(lengthThen + 10);
  // The reply grew; the reader stayed where they were reading.
  expect(await scroller.evaluate((element) => element.scrollTop)).toBe(readingAt);
  expect(await distanceFromBottom(scroller)).toBeGreaterThan(48);

  await jump.click();
  await expect(jump).toBeHidden();
  await expect.poll(() => distanceFromBottom(scroller)).toBeLessThan(48);
  const lengthAtJump = (await reply.textContent())?.length ?? 0;
  await expect
    .poll(async () => (await reply.textContent())?.length ?? 0)
    .toBeGreaterThan(lengthAtJump + 10);
  expect(await distanceFromBottom(scroller)).toBeLessThan(48);

  // Up again, then back down by hand: following resumes at the bottom.
  await scroller.hover();
  await page.mouse.wheel(0, -400);
  await expect(jump).toBeVisible();
  await page.mouse.wheel(0, 100_000);
  await expect(jump).toBeHidden();
  const lengthAtBottom = (await reply.textContent())?.length ?? 0;
  await expect
    .poll(async () => (await reply.textContent())?.length ?? 0)
    .toBeGreaterThan(lengthAtBottom + 10);
  expect(await distanceFromBottom(scroller)).toBeLessThan(48);

  await stop.click();
  await expect(page.getByRole('button', { name: names.send, exact: true })).toBeVisible();
  expect(await scrollY(page)).toBe(0);
}

/** §3: the demo model is named in the reader's language, never "Sandbox model". */
async function expectDemoModelNamed(page: Page, names: Names) {
  const picker = page.getByRole('combobox', { name: names.model });
  await expect(picker.locator('option:checked')).toHaveText(names.demoModel);
  await expect(page.getByText('Sandbox model', { exact: true })).toHaveCount(0);
}

for (const [language, names] of Object.entries(languages)) {
  for (const [screen, profile] of Object.entries(screens)) {
    test.describe(`${screen}, ${language}`, () => {
      test.use({ ...profile, locale: names.locale });

      test('a visitor on / has the whole composer on the first screen and sees the reply', async ({
        page,
      }) => {
        // Two long replies, one of them slow.
        test.slow();
        await asOnAFreshStart(page);
        await page.goto('/');
        await settled(page, names);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('note', { name: names.note })).toBeVisible();
        await expectDemoModelNamed(page, names);
        await expectNoSidewaysScroll(page);
        await expectComposerOnFirstScreen(page, names);
        await expectLongReplyFollowed(page, names);
        await expectScrollingUpStopsFollowing(page, names);
        await expectNoSidewaysScroll(page);
      });

      test('a signed-in user on /home has the whole composer on the first screen and sees the reply', async ({
        page,
      }) => {
        // Signs in, then a long reply.
        test.slow();
        await asOnAFreshStart(page);
        // The sign-in helper reads English labels; a Vietnamese reader then chooses their
        // language the way a user does (a signed-in user's saved language wins, §7).
        await page.goto('/');
        await page.evaluate(() => localStorage.setItem('language', 'en'));
        await signInWithCode(page, freshEmail(`first-screen-${screen}-${language}`));
        if (language === 'vi') {
          await page.setViewportSize(screens.laptop.viewport);
          await page.getByRole('button', { name: /^Language: EN/ }).click();
          await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();
          await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
          await page.setViewportSize(profile.viewport);
        }
        await page.goto('/home');
        await settled(page, names);
        await expect(page.getByRole('note', { name: names.note })).toBeVisible();
        await expectDemoModelNamed(page, names);
        await expectNoSidewaysScroll(page);
        await expectComposerOnFirstScreen(page, names);
        await expectLongReplyFollowed(page, names);
        await expectNoSidewaysScroll(page);
      });
    });
  }
}

test('on a phone the header is one row and its drawer holds the menus and preferences', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await settled(page, languages.en);
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
