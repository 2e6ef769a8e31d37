import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

/**
 * The vision tool (issue 26) in Chromium against the real server and its default reader,
 * tesseract.js offline: a visitor uploads a Vietnamese menu the test draws itself, has its text
 * read, sees the words with their diacritics, and takes the menu's two columns as a CSV table.
 */

/** The menu's rows: a dish and its price, set apart as two columns. */
const menu = [
  ['Phở bò tái', '45.000đ'],
  ['Cà phê sữa đá', '25.000đ'],
] as const;

/** The menu drawn in the page (black on white, 48 px DejaVu Sans, which Debian has) as a PNG. */
async function drawMenu(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async (rows) => {
    const canvas = new OffscreenCanvas(1000, 120 + rows.length * 100);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    context.fillStyle = 'white';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = 'black';
    context.font = '48px "DejaVu Sans"';
    context.textBaseline = 'middle';
    rows.forEach(([dish, price], index) => {
      const y = 110 + index * 100;
      context.fillText(dish, 60, y);
      context.fillText(price, 680, y);
    });
    const bytes = new Uint8Array(await (await canvas.convertToBlob()).arrayBuffer());
    return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
  }, menu);
  return Buffer.from(base64, 'base64');
}

test('a visitor reads the text of a Vietnamese menu with its diacritics and takes it as a table', async ({
  page,
}) => {
  // The reader loads its Vietnamese data and reads the picture for real.
  test.slow();
  await page.goto('/vision');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Read the text in a picture' }),
  ).toBeVisible();

  const picture = await drawMenu(page);
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a picture' }).click();
  const chooser = await choosing;
  await chooser.setFiles({ name: 'thuc-don.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByRole('img', { name: 'The picture to read: thuc-don.png' })).toBeVisible();

  await page.getByRole('radio', { name: 'Vietnamese', exact: true }).check();
  await page.getByRole('button', { name: 'Read the text' }).click();

  const result = page.getByRole('region', { name: 'What was read' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByText('Read by Tesseract 5 (offline) in Vietnamese.')).toBeVisible();
  for (const [dish, price] of menu) {
    await expect(result).toContainText(dish);
    await expect(result).toContainText(price);
  }

  // The two columns make a table: its CSV holds the rows as read.
  const table = result.getByRole('group', { name: 'Download the table' });
  const downloading = page.waitForEvent('download');
  await table.getByRole('button', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.trimEnd().split('\r\n')).toEqual(menu.map((row) => row.join(',')));
});
