import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PNG_PARAMETERS_KEYWORD, VISITOR_KEY_HEADER } from '@studio/contracts/imageOptions';
import { readPngTextChunks } from '@studio/contracts/pngParameters';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { execute, queryOne } from './database';
import { freshEmail, signInWithCode } from './mail';
import { laptop, phone } from './screens';

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
async function decodedRun(
  page: Page,
  prompt: string,
  count: number,
  name = `Pictures for: ${prompt}`,
): Promise<Locator> {
  const run = page.getByRole('list', { name });
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
  await expect(page.getByText(/These pictures are drawn stand-ins/)).toBeVisible();
  await expect(page.getByText(/README/)).toHaveCount(0);
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

/**
 * Issue 22 §1 and §2: a visitor is counted by the key their browser keeps (5 a day), the page
 * says the rule, offers only what is left, says a refusal beside the button, never stays stuck
 * after one, and brings the new pictures into view — on a phone and a laptop, in both languages.
 */
const visitorTexts = {
  en: {
    description: 'Description',
    pictures: 'Pictures',
    generate: 'Generate',
    rule: 'As a visitor you can make 5 pictures a day; sign in for 25.',
    notice: /These pictures are drawn stand-ins/,
    twoLeft: '2 pictures left today',
    oneLeft: '1 picture left today',
    refused: 'Only 1 picture is left today: choose 1 and try again.',
    ready: '1 picture ready',
    run: (prompt: string) => `Pictures for: ${prompt}`,
  },
  vi: {
    description: 'Mô tả',
    pictures: 'Số ảnh',
    generate: 'Tạo ảnh',
    rule: 'Khi chưa đăng nhập, bạn được tạo 5 ảnh mỗi ngày; đăng nhập để tạo tới 25 ảnh.',
    notice: /Ảnh ở đây là ảnh minh họa do hệ thống tự vẽ/,
    twoLeft: 'Hôm nay còn 2 ảnh',
    oneLeft: 'Hôm nay còn 1 ảnh',
    refused: 'Hôm nay chỉ còn 1 ảnh: hãy chọn tối đa 1 ảnh rồi thử lại.',
    ready: 'Đã xong 1 ảnh',
    run: (prompt: string) => `Ảnh cho: ${prompt}`,
  },
} as const;

/** Sets how many images the visitor with `key` has made today, as the server counts them. */
function setVisitorUsage(key: string, used: number) {
  const subject = `images:visitor:${createHash('sha256').update(key).digest('base64url')}`;
  execute(
    'INSERT INTO chat_usage (subject, day, messages) VALUES (?, ?, ?) ON CONFLICT (subject, day) DO UPDATE SET messages = excluded.messages',
    subject,
    new Date().toISOString().slice(0, 10),
    used,
  );
}

/** The whole of `locator` is on the screen. */
async function expectOnScreen(page: Page, locator: Locator) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
    })
    .toBe(true);
}

const profiles = [
  { name: 'phone', use: phone },
  { name: 'laptop', use: laptop },
] as const;

for (const profile of profiles) {
  test.describe(`a visitor with pictures left on a ${profile.name}`, () => {
    test.use(profile.use);

    for (const language of ['en', 'vi'] as const) {
      test(`is offered what is left, told a refusal by the button, and makes the last picture (${language})`, async ({
        page,
      }) => {
        const texts = visitorTexts[language];
        // A browser of its own: its key is this test's, whoever else shares the address.
        const key = randomBytes(32).toString('base64url');
        setVisitorUsage(key, 3);
        await page.addInitScript(
          ([chosen, visitorKey]) => {
            localStorage.setItem('language', chosen);
            localStorage.setItem('imageVisitorKey', visitorKey);
          },
          [language, key] as const,
        );
        await page.goto('/anime');
        await expect(page.getByText(texts.notice)).toBeVisible();
        await expect(page.getByText(/README/)).toHaveCount(0);
        await expect(page.getByText(texts.rule)).toBeVisible();

        const generate = page.getByRole('button', { name: texts.generate, exact: true });
        const beside = generate.locator('..');
        const pictures = page.getByRole('group', { name: texts.pictures });
        await expect(beside).toContainText(texts.twoLeft);
        await expect(pictures.getByRole('radio', { name: '3' })).toBeDisabled();
        await expect(pictures.getByRole('radio', { name: '4' })).toBeDisabled();

        // Another tab of the same browser makes one meanwhile: 2 asked, 1 left.
        setVisitorUsage(key, 4);
        const prompt = `A paper crane, ${profile.name} ${language}`;
        await page.getByLabel(texts.description, { exact: true }).fill(prompt);
        await pictures.getByText('2', { exact: true }).click();
        await generate.click();
        const refusal = beside.getByText(texts.refused);
        await expect(refusal).toBeVisible();
        await expectOnScreen(page, refusal);

        // Not stuck: the count is read again, 1 is on offer and made.
        await expect(pictures.getByRole('radio', { name: '3' })).toBeDisabled();
        await expect(generate).toBeEnabled();
        await pictures.getByText('1', { exact: true }).click();
        await expect(beside).toContainText(texts.oneLeft);
        await generate.click();
        const run = await decodedRun(page, prompt, 1, texts.run(prompt));
        await expectOnScreen(page, run);
        await expect(page.getByRole('status').filter({ hasText: texts.ready })).toHaveCount(1);
        await expect(generate).toBeDisabled();
      });
    }
  });
}
