import { expect, test, type Page } from '@playwright/test';
import { freshEmail, signInWithCode } from './mail';

/**
 * The library (issue: the gallery becomes the user's library) in Chromium against the real
 * server: a signed-in user makes one picture, one voice clip and one piece with the tools'
 * offline defaults, then finds all three in /library, each kind under its tab, and one by a
 * word of its prompt.
 */

/** The library's list under the selected tab, and its cards. */
const cards = (page: Page, tab: string) =>
  page.getByRole('list', { name: tab }).getByRole('listitem');

test('a user finds a picture, a clip and a piece in the library, by kind and by a word', async ({
  page,
}) => {
  // A piece rendered for real, a clip spoken and a picture drawn.
  test.slow();
  await signInWithCode(page, freshEmail('library'));

  await page.goto('/imagen');
  await page.getByLabel('Description').fill('A lighthouse on a cliff at dusk');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('list', { name: /^Pictures for: / }).getByRole('img')).toHaveCount(
    1,
    { timeout: 20_000 },
  );

  await page.goto('/voice-synthesis');
  await page.getByRole('textbox', { name: 'Text' }).fill('Good morning from the harbour.');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('region', { name: 'Your clip', exact: true })).toBeVisible({
    timeout: 60_000,
  });

  await page.goto('/music-creator');
  await page.getByLabel('Your description').fill('Quiet piano for a rainy evening');
  await page.getByRole('button', { name: 'Fill in the settings' }).click();
  await expect(page.getByText(/^The settings below were (filled in|guessed)/)).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('Length (minutes:seconds)').fill('0:16');
  await page.getByRole('button', { name: 'Create the piece' }).click();
  await expect(page.getByText('Your piece is ready.')).toBeVisible({ timeout: 90_000 });

  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  await expect(cards(page, 'All')).toHaveCount(3, { timeout: 15_000 });
  await expect(cards(page, 'All').first()).toContainText('Quiet piano for a rainy evening');

  for (const [tab, text] of [
    ['Pictures', 'A lighthouse on a cliff at dusk'],
    ['Voice clips', 'Good morning from the harbour.'],
    ['Music', 'Quiet piano for a rainy evening'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(cards(page, tab)).toHaveCount(1);
    await expect(cards(page, tab)).toContainText(text);
  }
  await expect(page).toHaveURL(/\/library\?kind=piece$/);

  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByLabel('Search your library').fill('lighthouse');
  await expect(page).toHaveURL(/q=lighthouse/);
  await expect(cards(page, 'All')).toHaveCount(1);
  await expect(cards(page, 'All')).toContainText('A lighthouse on a cliff at dusk');

  // The address keeps the search: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Search your library')).toHaveValue('lighthouse');
  await expect(cards(page, 'All')).toHaveCount(1, { timeout: 15_000 });
});
