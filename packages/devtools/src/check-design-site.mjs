#!/usr/bin/env node
/**
 * The design review site, as published: the static Storybook build (`npm run build-storybook`).
 * Checks that it has its introduction, its design review index and a docs page per component,
 * that every link the docs and stories make to another page (`?path=/docs/…`, `?path=/story/…`)
 * leads to one that exists, and, in Chromium, that the introduction, the review index and a
 * component's docs page (usage notes, props table, examples) draw without an error. Then packs the
 * build as CI's artefact, test-results/storybook-static.tar.gz, to serve from any static host.
 *
 *   node packages/devtools/src/check-design-site.mjs [--dir storybook-static] [--no-archive]
 *     (CHROMIUM_PATH: the browser)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { serveStatic } from './static-server.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * @typedef {{ id: string, type: 'docs' | 'story', title: string, importPath: string }} IndexEntry
 */

/** The pages a reviewer starts from: they must exist whatever else changes. */
export const landingPages = [
  'introduction--docs',
  'design-review--docs',
  'tokens-introduction--docs',
];

/** Storybook's id for a title: lower case, every run of other characters one dash. */
export function titleId(/** @type {string} */ title) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * What the index lacks: a landing page, or a docs page for a design system component (every
 * component's stories are tagged for autodocs, so a missing one means its docs were switched off).
 * @param {Record<string, IndexEntry>} entries
 */
export function missingPages(entries) {
  const componentTitles = new Set(
    Object.values(entries)
      .filter((entry) => entry.importPath.startsWith('./packages/ui/src/components/'))
      .map((entry) => entry.title),
  );
  return [
    ...landingPages,
    ...[...componentTitles].map((title) => `${titleId(title)}--docs`),
  ].filter((id) => !(id in entries));
}

/** Every page a text links to inside the site, as `?path=/docs/<id>` or `?path=/story/<id>`. */
export function linkedIds(/** @type {string} */ text) {
  return [...text.matchAll(/\?path=\/(?:docs|story)\/([a-z0-9-]+)/g)].map(
    (match) => match[1] ?? '',
  );
}

/** The docs and stories sources: every .mdx and .stories.tsx under each package's and app's src. */
function sources() {
  /** @type {string[]} */
  const files = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (/\.(mdx|stories\.tsx)$/.test(entry.name)) files.push(file);
    }
  };
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(path.join(root, group))) {
      const src = path.join(root, group, name, 'src');
      if (statSync(src, { throwIfNoEntry: false })?.isDirectory()) walk(src);
    }
  }
  return files;
}

/** @param {boolean} condition @param {string} message */
function check(condition, message) {
  if (!condition) throw new Error(`design site check failed: ${message}`);
  console.log(`  ✔ ${message}`);
}

/** The docs pages a reviewer reads, drawn in Chromium as the published site draws them. */
async function inChromium(/** @type {string} */ dir) {
  const server = await serveStatic(dir);
  const executablePath = findChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    /** @type {string[]} */
    const problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // A failed load is reported below, with its address.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(`console error: ${message.text()}`);
      }
    });
    page.on('response', (response) => {
      // Chromium asks every site for /favicon.ico; Storybook's icon is an SVG it links to.
      const { pathname } = new URL(response.url());
      if (response.status() >= 400 && pathname !== '/favicon.ico') {
        problems.push(`${response.status()}: ${response.url()}`);
      }
    });
    const docs = (/** @type {string} */ id) =>
      page.goto(`${server.url}/iframe.html?id=${id}&viewMode=docs`);

    await docs('introduction--docs');
    await page.getByRole('heading', { level: 1, name: 'AI Studio design system' }).waitFor();
    check(true, 'the introduction draws');

    await docs('design-review--docs');
    await page.getByRole('heading', { level: 1, name: 'Design review' }).waitFor();
    check(true, 'the design review index draws');

    await docs('overlays-modal--docs');
    await page.getByRole('heading', { level: 2, name: 'Usage' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Do', exact: true }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Don’t' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Props' }).waitFor();
    // The props table lists the component's own props with their doc comments (read by
    // react-docgen-typescript: without it the table has only the story's args, undescribed).
    await page
      .locator('.docblock-argstable tbody tr')
      .filter({ hasText: 'a dialog in the middle of the screen' })
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Examples and states' }).waitFor();
    check(true, 'a component’s docs page draws its usage notes, props table and examples');
    check(
      problems.length === 0,
      `no page error, console error or failed request${problems.map((p) => `\n    ${p}`).join('')}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'storybook-static' },
      'no-archive': { type: 'boolean', default: false },
    },
  });
  const dir = path.resolve(root, values.dir);
  /** @type {{ entries: Record<string, IndexEntry> }} */
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
  const entries = index.entries;
  const docsPages = Object.values(entries).filter((entry) => entry.type === 'docs').length;
  const missing = missingPages(entries);
  check(
    missing.length === 0,
    `${docsPages} docs pages, among them the introduction, the review index and every component’s${missing.map((id) => `\n    missing: ${id}`).join('')}`,
  );

  const files = sources();
  const broken = files.flatMap((file) =>
    linkedIds(readFileSync(file, 'utf8'))
      .filter((id) => !(id in entries))
      .map((id) => `${path.relative(root, file)} → ${id}`),
  );
  const links = files.reduce((sum, file) => sum + linkedIds(readFileSync(file, 'utf8')).length, 0);
  check(
    broken.length === 0,
    `${links} links between pages, each to a page that exists${broken.map((b) => `\n    broken: ${b}`).join('')}`,
  );

  await inChromium(dir);

  if (!values['no-archive']) {
    const artefact = path.join(root, 'test-results/storybook-static.tar.gz');
    mkdirSync(path.dirname(artefact), { recursive: true });
    execFileSync('tar', ['-czf', artefact, '-C', dir, '.']);
    const megabytes = (statSync(artefact).size / 1024 / 1024).toFixed(1);
    check(true, `the site is packed as ${path.relative(root, artefact)} (${megabytes} MB)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
