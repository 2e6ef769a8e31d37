import { expect, test, type Locator, type Page } from '@playwright/test';
import { freshEmail, signInWithCode } from './mail';

/**
 * The chat end to end, in Chromium against the real server and its sandbox model (packages/sandbox:
 * deterministic replies that quote the message: "You wrote: “…”"), the embedded speech engine
 * and the real upload, share and export routes.
 */

/** An 8×8 PNG, so the upload has a real image to check and re-encode. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwXlWOFTEMLQkAJbdVAbuCg2sAAAAASUVORK5CYII=',
  'base64',
);

const messages = (page: Page) => page.getByRole('region', { name: 'Messages' });
const replies = (page: Page) => messages(page).getByRole('listitem', { name: 'Assistant' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** The reply to `text`, once the sandbox model has finished writing it. */
async function replyTo(page: Page, text: string): Promise<Locator> {
  const reply = replies(page).filter({ hasText: `You wrote: “${text}”` });
  await expect(reply).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
  return reply;
}

async function signedInAtHome(page: Page, label: string) {
  await signInWithCode(page, freshEmail(label));
  await page.goto('/home');
  await expect(composer(page)).toBeVisible({ timeout: 20_000 });
}

/** The conversation's menu in the sidebar, by (part of) its title. */
async function conversationMenu(page: Page, title: RegExp) {
  const list = page.getByRole('list', { name: 'Your conversations' });
  await list.getByRole('button', { name: title }).first().click();
}

test('a visitor chats on / and finds the conversation again after a reload', async ({ page }) => {
  await page.goto('/');
  await send(page, 'Hello from a visitor');
  const reply = await replyTo(page, 'Hello from a visitor');
  await expect(reply).toContainText('demo model');
  // The visitor's conversation lives in this browser only.
  await page.reload();
  await expect(
    messages(page)
      .getByRole('listitem', { name: 'You' })
      .filter({ hasText: 'Hello from a visitor' }),
  ).toBeVisible();
  await expect(replies(page)).toHaveCount(1);
});

test('a signed-in chat is kept on the server and opens again after a reload', async ({ page }) => {
  await signedInAtHome(page, 'chat-history');
  await send(page, 'Plan a weekend in Hanoi');
  await replyTo(page, 'Plan a weekend in Hanoi');
  const list = page.getByRole('list', { name: 'Your conversations' });
  await expect(list.getByText(/Plan a weekend in Hanoi/).first()).toBeVisible({
    timeout: 15_000,
  });

  await page.reload();
  await list
    .getByText(/Plan a weekend in Hanoi/)
    .first()
    .click();
  await expect(
    messages(page).getByRole('listitem', { name: 'You' }).filter({ hasText: 'Plan a weekend' }),
  ).toBeVisible();
  await expect(replies(page)).toHaveCount(1);
});

test('stop keeps what was written; regenerate answers again', async ({ page }) => {
  await signedInAtHome(page, 'chat-stop');
  await send(page, '[slow] count slowly for me');
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible();
  // Some words arrive before the stop.
  await expect(replies(page).last()).toContainText(/\w+/, { timeout: 15_000 });
  await stop.click();
  await expect(replies(page).last().getByText('Stopped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  const regenerated = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/chat/stream') &&
      (request.postDataJSON() as { Regenerate?: boolean }).Regenerate === true,
  );
  await page.getByRole('button', { name: 'Regenerate reply' }).last().click();
  await regenerated;
  await expect(stop).toBeVisible();
  await stop.click();
  await expect(replies(page)).toHaveCount(1);
});

test('an attached image goes with the message to the vision model', async ({ page }) => {
  await signedInAtHome(page, 'chat-image');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'dot.png',
    mimeType: 'image/png',
    buffer: tinyPng,
  });
  await expect(page.getByText('ready')).toBeVisible({ timeout: 15_000 });
  await send(page, 'What is in this picture?');
  const reply = await replyTo(page, 'What is in this picture?');
  await expect(reply).toContainText('I can see 1 image');
  // The owner's browser shows the stored image (fetched with the token, shown as a blob: URL).
  const image = messages(page).getByRole('listitem', { name: 'You' }).getByRole('img');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBe(8);
});

test('a share link opens in a fresh browser, then stops working once revoked', async ({
  page,
  browser,
}) => {
  await signedInAtHome(page, 'chat-share');
  await send(page, 'Share this recipe for pho');
  await replyTo(page, 'Share this recipe for pho');
  await conversationMenu(page, /Actions for .*Share this recipe/);
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share conversation' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/share\/[\w-]{22,}$/);

  const stranger = await browser.newContext();
  const reader = await stranger.newPage();
  await reader.goto(link);
  await expect(reader.getByText('Share this recipe for pho').first()).toBeVisible();

  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('Share link revoked').first()).toBeVisible();
  await reader.reload();
  await expect(reader.getByText(/does not exist or has expired/)).toBeVisible();
  await stranger.close();
});

test('a conversation downloads as JSON', async ({ page }) => {
  await signedInAtHome(page, 'chat-export');
  await send(page, 'Export me please');
  await replyTo(page, 'Export me please');
  await conversationMenu(page, /Actions for .*Export me please/);
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
  const file = await download;
  // Named from the title and the day (Content-Disposition's UTF-8 name).
  expect(file.suggestedFilename()).toMatch(/^Export me please-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = await file.path();
  const { readFile } = await import('node:fs/promises');
  const exported = JSON.parse(await readFile(saved, 'utf8')) as {
    messages: { role: string; content: string }[];
  };
  expect(exported.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  expect(exported.messages[0]?.content).toBe('Export me please');
});

test('a spoken reply comes back and plays', async ({ page }) => {
  await signedInAtHome(page, 'chat-voice');
  // Spoken replies sit behind a toolbar button (a side sheet), so the chat keeps the first screen.
  await page.getByRole('button', { name: 'Spoken replies Off' }).click();
  await page.getByRole('switch', { name: 'Read replies aloud' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Spoken replies On' })).toBeFocused();
  await send(page, 'Say hello out loud');
  const reply = await replyTo(page, 'Say hello out loud');
  const player = reply.getByRole('group', { name: 'Spoken reply' });
  await expect(player).toBeVisible({ timeout: 30_000 });
  // Autoplay may be refused; then the user presses play.
  const play = player.getByRole('button', { name: 'Play spoken reply' });
  if (await play.isVisible()) await play.click();
  await expect(player.getByText(/Playing|Finished/)).toBeVisible({ timeout: 15_000 });
});
