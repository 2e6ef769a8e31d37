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

  // The piece's family, from the library as from the music creator: itself, the first piece.
  await cards(page, 'Music')
    .getByRole('button', { name: /^Family of the piece: / })
    .click();
  const family = page.getByRole('dialog', { name: "The piece's family" });
  const members = family.getByRole('list', { name: /^Family of / }).getByRole('listitem');
  await expect(members).toHaveCount(1, { timeout: 15_000 });
  await expect(members.first()).toContainText('This piece');
  await expect(members.first()).toContainText('First piece');
  await page.keyboard.press('Escape');
  await expect(family).toBeHidden();

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

test("a visitor's picture and clip move into their account when they sign in", async ({ page }) => {
  // A picture drawn and a clip spoken as a visitor, then a sign-in and the move.
  test.slow();
  await page.goto('/imagen');
  await page.getByLabel('Description').fill('A paper boat on a quiet canal');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('list', { name: /^Pictures for: / }).getByRole('img')).toHaveCount(
    1,
    { timeout: 20_000 },
  );
  await page.goto('/voice-synthesis');
  await page.getByRole('textbox', { name: 'Text' }).fill('The boat drifts past the bridge.');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('region', { name: 'Your clip', exact: true })).toBeVisible({
    timeout: 60_000,
  });

  // A visitor's library is this browser's.
  await page.goto('/library');
  await expect(cards(page, 'All')).toHaveCount(2, { timeout: 15_000 });

  await signInWithCode(page, freshEmail('library-move'));
  await page.goto('/library');
  const move = page.getByRole('button', {
    name: 'Move 2 things from this browser into your account',
  });
  await expect(move).toBeVisible({ timeout: 15_000 });
  await move.click();
  await expect(page.getByText('2 things moved into your account.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(cards(page, 'All')).toHaveCount(2);
  await expect(cards(page, 'All').first()).toContainText('The boat drifts past the bridge.');

  // On the server now: a reload lists them from the account, and this browser offers nothing.
  await page.reload();
  await expect(cards(page, 'All')).toHaveCount(2, { timeout: 15_000 });
  await expect(
    page.getByRole('button', { name: /from this browser into your account/ }),
  ).toHaveCount(0);
  await page.getByRole('tab', { name: 'Pictures' }).click();
  await expect(cards(page, 'Pictures')).toContainText('A paper boat on a quiet canal');
});
