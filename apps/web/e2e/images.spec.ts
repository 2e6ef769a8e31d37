import { readFile } from 'node:fs/promises';
import { PNG_PARAMETERS_KEYWORD, VISITOR_KEY_HEADER } from '@studio/contracts/imageOptions';
import { readPngTextChunks } from '@studio/contracts/pngParameters';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { execute, queryOne } from './database';
import { freshEmail, signInWithCode } from './mail';

/**
 * The image tools (issue 16) in Chromium against the real server and its sandbox image models:
 * pictures are generated as jobs, followed over server-sent events, fetched with the session or
 * the visitor key, kept in the gallery (signed in) and downloaded as the server's PNG.
 */

async function generate(page: Page, prompt: string, pictures?: number) {
  await page.getByLabel('Description').fill(prompt);
  if (pictures) {
    await page.getByRole('group', { name: 'Pictures' }).getByText(String(pictures)).click();
  }
  await page.getByRole('button', { name: /^(Generate|Edit the picture)$/ }).click();
}

/** A run's pictures, once each has decoded in the browser. */
async function decodedRun(page: Page, prompt: string, count: number): Promise<Locator> {
  const run = page.getByRole('list', { name: `Pictures for: ${prompt}` });
  const pictures = run.getByRole('img');
  await expect(pictures).toHaveCount(count, { timeout: 20_000 });
  for (let index = 0; index < count; index += 1) {
    await expect
      .poll(() => pictures.nth(index).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }
  return run;
}

test('a user generates two pictures, finds them in the gallery after a reload, downloads one with its parameters, edits it with a mask and deletes it', async ({
  page,
}) => {
  await signInWithCode(page, freshEmail('images'));
  await page.goto('/imagen');
  await expect(page.getByText(/Pictures come from the built-in sandbox/)).toBeVisible();
  await expect(page.getByText(/0 of 25 images used today/)).toBeVisible();

  await generate(page, 'A lighthouse on a cliff at dusk', 2);
  let run = await decodedRun(page, 'A lighthouse on a cliff at dusk', 2);
  await expect(page.getByText(/2 of 25 images used today/)).toBeVisible();

  // The gallery is the server's: after a reload both are there.
  await page.reload();
  const gallery = page.getByRole('region', { name: 'Your pictures' });
  await expect(gallery.getByText('A lighthouse on a cliff at dusk')).toHaveCount(2);

  // Download: the file is the server's PNG, its parameters inside.
  await generate(page, 'A red fox in fresh snow', 1);
  run = await decodedRun(page, 'A red fox in fresh snow', 1);
  const downloading = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^a-red-fox-in-fresh-snow-[\w-]+\.png$/);
  const bytes = new Uint8Array(await readFile(await download.path()));
  expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  // The sandbox speaks OpenAI's Images API, which reports no seed: the size and model are there.
  expect(readPngTextChunks(bytes)[PNG_PARAMETERS_KEYWORD]).toMatch(
    /^A red fox in fresh snow\n.*Size: 1024x1024, Model: Sandbox image/s,
  );

  // Edit with a painted mask: a new run from the picture.
  await run.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
  const paint = page.getByLabel('Paint over the parts to change');
  const box = await paint.boundingBox();
  if (!box) throw new Error('the mask canvas is not shown');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect(
    page.getByText('1 stroke painted: only the painted parts will change.'),
  ).toBeVisible();
  await generate(page, 'Add a small boat on the water');
  await decodedRun(page, 'Add a small boat on the water', 1);

  // Delete from the gallery, confirmed.
  await page.reload();
  const boat = gallery.getByRole('listitem').filter({ hasText: 'Add a small boat on the water' });
  await expect(boat).toHaveCount(1);
  await boat.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete picture' }).click();
  await expect(boat).toHaveCount(0);
  await page.reload();
  await expect(gallery.getByText('A lighthouse on a cliff at dusk')).toHaveCount(2);
  await expect(gallery.getByText('Add a small boat on the water')).toHaveCount(0);
});

test('a visitor makes two anime pictures in the chibi style, with their own key and no account', async ({
  page,
}) => {
  const keys = new Set<string>();
  page.on('request', (request) => {
    const key = request.headers()[VISITOR_KEY_HEADER];
    if (request.url().includes('/api/images/') || request.url().includes('/api/jobs/')) {
      keys.add(key ?? 'none');
    }
  });
  await page.goto('/anime');
  await expect(page.getByRole('heading', { level: 1, name: 'Anime' })).toBeVisible();
  await page.getByRole('group', { name: 'Style' }).getByText('Chibi').click();
  await generate(page, 'A cat drinking bubble tea', 2);
  const run = await decodedRun(page, 'A cat drinking bubble tea', 2);

  // Every images and jobs call went with one visitor key, and nothing else.
  expect(keys.size).toBe(1);
  expect([...keys][0]).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await run.getByRole('button', { name: 'Open picture 1 large' }).click();
  const viewer = page.getByRole('dialog', { name: 'Picture 1 of 2' });
  await expect(viewer).toContainText('Chibi');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Picture 2 of 2' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Kept in this browser: after a reload the visitor's gallery still has them.
  await page.reload();
  const gallery = page.getByRole('region', { name: 'Your pictures' });
  await expect(gallery.getByText('A cat drinking bubble tea')).toHaveCount(2);
});

test('at today’s limit the generator says so and offers Pro', async ({ page }) => {
  const email = freshEmail('images-quota');
  await signInWithCode(page, email);
  const userId = String(queryOne('SELECT id FROM users WHERE email = ?', email)?.['id']);
  // Today's free allowance used up (the UTC day the server counts in).
  const today = new Date().toISOString().slice(0, 10);
  execute(
    'INSERT INTO chat_usage (subject, day, messages) VALUES (?, ?, ?)',
    `images:user:${userId}`,
    today,
    25,
  );
  await page.goto('/image-generator');
  await expect(page.getByText("Today's limit is reached")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await page.getByRole('button', { name: 'Get more with Pro' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Pro' })).toBeVisible();
});
