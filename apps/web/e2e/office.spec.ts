import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { docxHtml, heading, paragraph, writePdf, writeXlsx } from './documents';

/**
 * The office tools (issue 26) in Chromium against the real server and its sandbox model (which
 * answers from the passages it is handed, citing them): a visitor asks a PDF a question and
 * follows the answer's citation to its page, takes an XLSX's table out as CSV, and has a DOCX
 * report generated from a prompt. The files are made by the test with @studio/documents.
 */

/** Uploads a file with the page's button and waits for its document to open. */
async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/office-tools');
  await expect(page.getByRole('heading', { level: 1, name: 'Office tools' })).toBeVisible();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await choosing).setFiles(file);
  await expect(page.getByRole('tablist', { name: 'Document tools' })).toBeVisible({
    timeout: 30_000,
  });
}

/** The bytes of the download `click` starts. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

const pages = [
  'The harbour opened in 1890 and ships grain and timber to the coast.',
  'The lighthouse on the north pier is painted red and white, and its lamp turns every ten seconds.',
  'The ferry to the island leaves at seven in the morning and comes back at six in the evening.',
] as const;

test('a visitor asks a PDF a question and the answer’s citation opens the viewer at its page', async ({
  page,
}) => {
  test.slow();
  const pdf = await writePdf(
    'Harbour guide',
    pages.map((text, index) =>
      index === 0 ? [heading('Harbour guide'), paragraph(text)] : [paragraph(text)],
    ),
  );
  await upload(page, { name: 'harbour-guide.pdf', mimeType: 'application/pdf', buffer: pdf });
  const view = page.getByRole('region', { name: 'Harbour guide' });
  await expect(view.getByText('3 pages', { exact: true })).toBeVisible();

  await page
    .getByLabel('Ask the document')
    .fill('What colour is the lighthouse on the north pier?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const answers = page.getByRole('region', { name: 'Answers' });
  const answer = answers.getByRole('article').filter({ hasText: 'What colour is the lighthouse' });
  await expect(answer).toContainText('painted red and white', { timeout: 30_000 });
  await expect(answer).toContainText('Written by Sandbox model');

  // The citation names page 2, and opens the viewer there: its text, and the page as a picture.
  await answer.getByRole('button', { name: 'Open p. 2 in the viewer' }).click();
  await expect(page.getByRole('tab', { name: 'Viewer' })).toHaveAttribute('aria-selected', 'true');
  const viewer = page.getByRole('tabpanel', { name: 'Viewer' });
  await expect(viewer.getByLabel('Part')).toHaveValue('2');
  await expect(viewer.getByRole('heading', { name: 'p. 2' })).toBeVisible();
  await expect(viewer.getByText(pages[1])).toBeVisible();
  await expect(viewer.getByText(pages[0])).toHaveCount(0);
  const picture = viewer.getByRole('img', { name: 'Page 2 as it looks in the file' });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
});

test('a visitor takes the table out of an XLSX and downloads it as CSV', async ({ page }) => {
  test.slow();
  const rows = [
    ['Region', 'Quarter', 'Revenue'],
    ['Hà Nội', 'Q1', '1200'],
    ['Đà Nẵng', 'Q1', '950'],
    ['Huế', 'Q2', '1430'],
  ];
  await upload(page, {
    name: 'doanh-thu.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await writeXlsx('Sales', rows),
  });

  await page.getByRole('tab', { name: 'Tables (1)' }).click();
  const table = page.getByRole('article', { name: 'Table 1 · Sales sheet' });
  await expect(table.getByRole('columnheader', { name: 'Revenue' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Đà Nẵng' })).toBeVisible();

  const csv = await downloaded(page, () =>
    table.getByRole('button', { name: 'Download Table 1 · Sales sheet as CSV' }).click(),
  );
  expect(csv.name).toMatch(/\.csv$/);
  const text = csv.bytes.toString('utf8').replace(/^\uFEFF/, '');
  expect(
    text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(',')),
  ).toEqual(rows);
});

test('a visitor generates a DOCX report from a prompt and downloads a real Word file', async ({
  page,
}) => {
  test.slow();
  await page.goto('/office-tools');
  const generate = page.getByRole('region', { name: 'Generate a document' });
  await expect(generate.getByLabel('Document')).toHaveValue('docx');
  await generate
    .getByLabel('What should it contain?')
    .fill('A short report on the harbour ferry timetable, with a table of departures');
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(generate.getByRole('status')).toContainText(/\.docx is ready and open above\./, {
    timeout: 60_000,
  });

  const card = page
    .getByRole('region', { name: 'Your documents' })
    .getByRole('article', { name: /\.docx$/ });
  const docx = await downloaded(page, () =>
    card.getByRole('button', { name: /^Download .+\.docx$/ }).click(),
  );
  expect(docx.name).toMatch(/\.docx$/);
  // A zip (PK) that a Word reader opens, headed by the report's subject.
  expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');
  expect(await docxHtml(docx.bytes)).toMatch(/<h1>[^<]*harbour ferry timetable[^<]*<\/h1>/);
});
