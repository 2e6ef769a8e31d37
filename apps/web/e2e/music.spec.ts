import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';

/**
 * The music creator (issue 25) in Chromium against the real server and its default engine, the
 * offline composer (MIDI rendered with the General MIDI sound font the install brings): a visitor
 * describes a piece in a sentence, checks the settings it gives, composes it, plays it, downloads
 * it as MP3, MIDI and stems, and extends it. The pieces are short (16 s): rendering is real work.
 */

/** The pieces on the page, each with its player. */
const pieces = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^(Play|Pause) / }) });

/** A download from the piece's menu: the file's name and its bytes. */
async function downloadFrom(page: Page, card: Locator, item: string) {
  await card.getByRole('button', { name: /^Download / }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await bytesOf(download) };
}

async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file);
}

test('a visitor composes a piece offline from a sentence, plays it, downloads it and extends it', async ({
  page,
}) => {
  // Two pieces rendered for real (the sound font's first load included) and five downloads.
  test.slow();
  await page.goto('/music-creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Music creator' })).toBeVisible();
  // The composer says what it is.
  await expect(
    page.getByText('Composer · MIDI played with a sound font (not AI audio)').first(),
  ).toBeVisible({ timeout: 20_000 });

  await page.getByLabel('Your description').fill('A calm jazz piece with piano, bass and drums');
  await page.getByRole('button', { name: 'Fill in the settings' }).click();
  await expect(page.getByText(/^The settings below were (filled in|guessed)/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByLabel('Genre')).toContainText('Jazz');
  await page.getByLabel('Length (minutes:seconds)').fill('0:16');
  await page.getByRole('button', { name: 'Create the piece' }).click();
  await expect(page.getByText('Your piece is ready.')).toBeVisible({ timeout: 90_000 });

  const card = pieces(page).first();
  await card.getByRole('button', { name: /^Play / }).click();
  await expect(card.getByRole('button', { name: /^Pause / })).toBeVisible({ timeout: 20_000 });
  const duration = await card
    .locator('audio')
    .evaluate((audio: HTMLAudioElement) => audio.duration);
  expect(duration).toBeGreaterThan(14);
  await card.getByRole('button', { name: /^Pause / }).click();

  const mp3 = await downloadFrom(page, card, 'MP3');
  expect(mp3.name).toMatch(/\.mp3$/);
  // An MPEG audio frame (or an ID3 tag) starts the file.
  expect(mp3.bytes[0] === 0xff || mp3.bytes.subarray(0, 3).toString() === 'ID3').toBe(true);
  const midi = await downloadFrom(page, card, 'MIDI (notes)');
  expect(midi.name).toMatch(/\.midi?$/);
  expect(midi.bytes.subarray(0, 4).toString()).toBe('MThd');
  const stems = await downloadFrom(page, card, 'All stems (zip)');
  expect(stems.name).toMatch(/\.zip$/);
  expect(stems.bytes.subarray(0, 2).toString()).toBe('PK');

  await card.getByRole('button', { name: 'Extend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend the piece' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Seconds to add').fill('8');
  await dialog.getByRole('button', { name: 'Extend' }).click();
  // The longer piece, marked as made from the first, beside it.
  await expect(page.getByText('Extended').first()).toBeVisible({ timeout: 90_000 });
  await expect(
    pieces(page).and(page.getByRole('region', { name: 'Your pieces' }).getByRole('listitem')),
  ).toHaveCount(2);
});
