import { expect, test, type Page } from '@playwright/test';
import { freshEmail, signInWithCode } from './mail';

/**
 * A shared conversation reads like the chat (issue 13 §2), in Chromium against the real server:
 * the sandbox model answers a message that asks about code (code, function, TypeScript…) with a
 * fenced TypeScript block (packages/sandbox/src/models/README.md), and a reader without an account
 * opens the link in a fresh browser.
 */

/** An 8×8 PNG, so the attached picture has a size to check. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwXlWOFTEMLQkAJbdVAbuCg2sAAAAASUVORK5CYII=',
  'base64',
);

const question = 'Write a TypeScript function that adds two numbers';

async function shareLink(page: Page): Promise<string> {
  const list = page.getByRole('list', { name: 'Your conversations' });
  await list
    .getByRole('button', { name: /Actions for .*adds two numbers/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share conversation' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  return dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
}

test('a shared reply renders its code block as code, and the attached picture shows', async ({
  page,
  browser,
}) => {
  await signInWithCode(page, freshEmail('share-code'));
  await page.goto('/home');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible({ timeout: 20_000 });
  await page.locator('input[type="file"]').setInputFiles({
    name: 'dot.png',
    mimeType: 'image/png',
    buffer: tinyPng,
  });
  await expect(page.getByText('ready')).toBeVisible({ timeout: 15_000 });
  await composer.fill(question);
  await composer.press('Enter');
  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages.locator('pre code')).toContainText('export function add', {
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
  const link = await shareLink(page);
  expect(link).toMatch(/\/share\/[\w-]{32}$/);

  const stranger = await browser.newContext();
  const reader = await stranger.newPage();
  const imageRequests: string[] = [];
  reader.on('request', (request) => {
    if (/\/api\/chat\/(uploads|share\/[\w-]+\/images)\//.test(request.url())) {
      imageRequests.push(new URL(request.url()).pathname);
    }
  });
  await reader.goto(link);
  const shared = reader.getByRole('list', { name: 'Messages' });
  const reply = shared.locator(':scope > li').nth(1);
  await expect(reply).toContainText('Assistant');

  // Code, not literal backticks: a highlighted <pre><code> with its language and a copy button.
  const code = reply.locator('pre code');
  await expect(code).toHaveCount(1);
  await expect(code).toContainText('export function add(a: number, b: number): number {');
  await expect(code).toHaveClass(/\bhljs\b/);
  await expect(code.locator('.hljs-keyword').first()).toHaveText('export');
  await expect(reply.getByRole('button', { name: 'Copy code' })).toBeVisible();
  await expect(reply).not.toContainText('```');
  // The rest of the reply's Markdown too: its list and its bold words.
  await expect(reply.locator('strong', { hasText: 'demo model' })).toBeVisible();
  await expect(reply.locator('ul > li')).toHaveCount(3);

  // The picture, through the link (the owner's upload URL would answer a stranger 401).
  const image = shared.locator(':scope > li').first().getByRole('img', { name: 'Attached image' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBe(8);
  expect(imageRequests).toHaveLength(1);
  expect(imageRequests[0]).toMatch(/^\/api\/chat\/share\/[\w-]{32}\/images\/[\w-]{22}$/);
  await stranger.close();
});
