import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freshEmail, signInWithCode } from './mail';
import { watchNetwork } from './networkQuiet';
import { e2eServer } from './server';

/**
 * What a first-time visitor's browser really downloads: each page is opened in a fresh browser
 * context (empty cache, no storage), and every JavaScript file fetched until the network has been
 * quiet is counted twice: at its gzipped size (gzip -6 of the script, the measure the budget was
 * set in, whatever the server sends) and in **bytes on the wire**: the body as the server sent
 * it (Brotli, gzip or as it is; Playwright's request.sizes()). The response headers are counted
 * and printed beside them but left out of the budget: they are the cost of the number of files,
 * not of JavaScript, about 1 KB each over the HTTP/1.1 of `npm start` and nearly nothing over
 * HTTP/2, whose HPACK sends a repeated header once per connection. The per-file table is printed.
 * The build's manifest only knows static imports; this counts what the running page asks for
 * (lazy chunks its first render imports included), which is what the visitor waits for.
 */
/**
 * The budget of `/`: a visitor's first load. It was 250 KB in 56 files; 149 KB in 42 once
 * nothing a visitor needs only after their first interaction loaded before it (menus, dialogs
 * and the voice settings on opening, the message list on approaching the chat, zod with the
 * first message, a fetch client instead of axios, React Router without its data router); 143 KB
 * in 36 since the sections below the hero (tool grid and manifest, plan cards, questions) load
 * when a visitor scrolls or touches the page, their server drawing standing in until then
 * (components/Deferred); 144.7 KB in 37 with the chat's models and history on lib/query; 145.4 KB
 * in 38 with the microphone (dictation) in the composer and the call button (conversation mode)
 * in the chat's toolbar, whose code (recording, transcription, the call) loads only when pressed,
 * as do the chat's title and dictation's language; 146.2 KB once voice synthesis joined the
 * menus, the footer and the plan lines (its words are in the first load's English) and a fresh
 * page load stopped taking the scroll position another page was left at; 146.4 KB with the music
 * creator in the menus too; 147.3 KB with the vision tool's route and menu entries, the library's
 * shared lists and the media namespace's route needs (the budget went from 147 to 148 then: each
 * open tool costs the shell its route, path and menu entry, and the way under it is issue 23's
 * open question of replacing a library); 147.5 KB with the office tools open too. What is left is mostly
 * react-dom (63 KB),
 * i18next (18), the router
 * (13), the app shell (18) and the visitor chat (11): the 120 KB issue 23 aimed at would take
 * replacing one of those libraries. 148.4 KB once the visitor chat's replies survived their
 * connection (issue 28: the chat follows a reply again after a lost network or a reload, and
 * stops it through the server): the budget went to 149 then, issue 23's decision being the
 * owner's still.
 */
const HOME_BUDGET_KB = 149;
/**
 * /plans, where the Pro buttons and ads send visitors: 191 KB in 57 files before issue 23, 147
 * since it loads nothing of the payment return and membership (their dialogs), and checks the
 * prices without zod (features/payments/api/pricingShape.ts) against the zod-free half of the
 * contract (@studio/contracts/paymentOptions). 150.2 KB once the content writer opened (its lazy
 * route, its manifest entry and menu link, read by every page): the budget went to 151 then, as
 * issue 23's decision on the first load is still the owner's.
 */
const PLANS_BUDGET_KB = 151;
// Both measures are held to it. Before issue 22 the server compressed nothing: 442 KB of
// JavaScript on the wire for / and 568 KB for /plans; it now sends the build's Brotli siblings
// (packages/devtools/src/precompress.mjs).

const manifestPath = path.resolve(import.meta.dirname, '../dist/.vite/manifest.json');

/** Built file → the source module it was built from, to make the table readable. */
function sourcesByFile(): Map<string, string> {
  const dist = process.env['WEB_DIST_DIR'];
  const file = dist ? path.join(dist, '.vite/manifest.json') : manifestPath;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { file: string; src?: string; name?: string }
  >;
  return new Map(
    Object.entries(manifest).map(([key, chunk]) => [chunk.file, chunk.src ?? chunk.name ?? key]),
  );
}

interface Download {
  file: string;
  source: string;
  gzipBytes: number;
  /** The body as it came over the network (encoded). */
  wireBytes: number;
  /** The response headers that came with it. */
  headerBytes: number;
  /** The Content-Encoding it came with ('' for none). */
  encoding: string;
}

/** How long the network must stay quiet, after the page shows what it is for, to count as idle. */
const QUIET_MS = 1500;

/**
 * Opens `url` in a fresh context, waits until the page shows `ready` (what a visitor came for),
 * then until no request has been in flight for QUIET_MS and the browser is idle. Playwright's own
 * 'networkidle' is not enough: on a loaded machine the gap between the entry's scripts and the
 * route's lazy chunk can exceed its 500 ms, and it would stop counting before the page is there.
 */
async function firstLoad(
  browser: Browser,
  baseURL: string,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<Download[]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const sources = sourcesByFile();
  const pending: Promise<Download | undefined>[] = [];
  const network = watchNetwork(page);
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith('.js')) return;
    pending.push(
      Promise.all([response.body(), response.request().sizes()])
        .then(([body, sizes]) => {
          const file = pathname.replace(/^\//, '');
          return {
            file,
            source: sources.get(file) ?? file,
            gzipBytes: gzipSync(body).length,
            wireBytes: sizes.responseBodySize,
            headerBytes: sizes.responseHeadersSize,
            encoding: response.headers()['content-encoding'] ?? '',
          };
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url);
  await ready(page);
  await network.untilQuiet(QUIET_MS);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const downloads = (await Promise.all(pending)).filter((d): d is Download => d !== undefined);
  await context.close();
  return downloads.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kb = (bytes: number) => bytes / 1024;

interface Totals {
  gzipKb: number;
  wireKb: number;
}

/** Prints the per-file table of a page's first load and returns its totals in KB. */
function report(page: string, downloads: Download[]): Totals {
  const sum = (pick: (d: Download) => number) =>
    kb(downloads.reduce((total, d) => total + pick(d), 0));
  const [gzipKb, wireKb, headersKb] = [
    sum((d) => d.gzipBytes),
    sum((d) => d.wireBytes),
    sum((d) => d.headerBytes),
  ];
  const column = (bytes: number) => kb(bytes).toFixed(1).padStart(6);
  const lines = downloads.map(
    (d) =>
      `  ${column(d.gzipBytes)}  ${column(d.wireBytes)}  ${column(d.headerBytes)}  ${(d.encoding || '-').padEnd(4)}  ${d.source}`,
  );
  console.log(
    [
      `First load of ${page}: ${downloads.length} JavaScript files, ${gzipKb.toFixed(1)} KB gzipped, ` +
        `${wireKb.toFixed(1)} KB on the wire (+ ${headersKb.toFixed(1)} KB of response headers)`,
      `  gzip KB  wire KB  hdrs KB  sent  source`,
      ...lines,
    ].join('\n'),
  );
  return { gzipKb, wireKb };
}

test.describe('first load, as a first-time visitor downloads it', () => {
  test(`/ stays within its budget (${HOME_BUDGET_KB} KB)`, async ({ browser, baseURL }) => {
    const { gzipKb, wireKb } = report(
      '/',
      await firstLoad(browser, baseURL ?? e2eServer.url, '/', async (page) => {
        await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable({
          timeout: 20_000,
        });
      }),
    );
    expect(gzipKb, 'gzipped JavaScript').toBeLessThanOrEqual(HOME_BUDGET_KB);
    expect(wireKb, 'JavaScript on the wire').toBeLessThanOrEqual(HOME_BUDGET_KB);
  });

  test(`/plans stays within its budget (${PLANS_BUDGET_KB} KB)`, async ({ browser, baseURL }) => {
    const downloads = await firstLoad(browser, baseURL ?? e2eServer.url, '/plans', async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Plans & Pricing' })).toBeVisible({
        timeout: 20_000,
      });
    });
    const { gzipKb, wireKb } = report('/plans', downloads);
    expect(gzipKb, 'gzipped JavaScript').toBeLessThan(PLANS_BUDGET_KB);
    // Sent compressed: on the wire it is no larger than gzipped (Brotli is smaller, and the
    // headers fit in the difference).
    expect(wireKb).toBeLessThanOrEqual(gzipKb);
  });

  test('/share/{slug}', async ({ browser, baseURL, page }) => {
    // A real shared conversation: a signed-in user writes, waits for the reply and shares it.
    await signInWithCode(page, freshEmail('first-load-share'));
    await page.goto('/home');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('A conversation to share');
    await composer.press('Enter');
    await expect(
      page
        .getByRole('region', { name: 'Messages' })
        // The reply itself, not the screen readers' announcement of it (role=status).
        .getByRole('listitem', { name: 'Assistant' })
        .getByText('You wrote: “A conversation to share”'),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
    await page
      .getByRole('list', { name: 'Your conversations' })
      .getByRole('button', { name: /Actions for .*A conversation to share/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share conversation' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    const { pathname } = new URL(link);
    const { gzipKb, wireKb } = report(
      pathname,
      await firstLoad(browser, baseURL ?? e2eServer.url, pathname, async (reader) => {
        await expect(reader.getByText('A conversation to share').first()).toBeVisible({
          timeout: 20_000,
        });
      }),
    );
    expect(gzipKb).toBeGreaterThan(0);
    expect(wireKb).toBeLessThanOrEqual(gzipKb);
  });
});
