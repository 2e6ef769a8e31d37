#!/usr/bin/env node
/**
 * The design system from outside the monorepo: examples/consumer, a plain Vite + React app,
 * copied into a clean temporary folder and given the packed tarballs (check-packages.mjs makes
 * them) as its @studio/ui and @studio/tokens, with no workspace link and no vanilla-extract
 * plugin. It must type-check against the packages' declarations, build, render on a server with
 * react-dom/server in plain Node (no window), and, in Chromium: show its page without a console
 * error, switch among the six themes (the page's colours change), open the modal, refuse and then
 * accept the zod-validated sign-in form, show the credential manager, and pass axe (WCAG 2.2 AA).
 *
 *   node packages/devtools/src/check-consumer.mjs [--packs <folder>] [--keep]
 *     (--packs: where the tarballs are, default test-results/packages; CHROMIUM_PATH: the browser)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { getViolations, injectAxe } from 'axe-playwright';
import { chromium } from 'playwright';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { pnpmCommand } from './pnpm.mjs';
import { serveStatic } from './static-server.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const [pnpmBin, ...pnpmPrefix] = pnpmCommand();

/** @param {boolean} condition @param {string} message */
function check(condition, message) {
  if (!condition) throw new Error(`consumer check failed: ${message}`);
  console.log(`  ✔ ${message}`);
}

/** The tarball in `folder` whose name starts with `prefix` (studio-ui-…). */
function tarball(/** @type {string} */ folder, /** @type {string} */ prefix) {
  const found = readdirSync(folder).filter(
    (name) => name.startsWith(prefix) && name.endsWith('.tgz'),
  );
  if (found.length !== 1) {
    throw new Error(`expected one ${prefix}*.tgz in ${folder} (run npm run check:packages first)`);
  }
  return path.join(folder, /** @type {string} */ (found[0]));
}

/** Copies the example out of the monorepo and installs the tarballs as its packages. */
function install(/** @type {string} */ packs) {
  const app = mkdtempSync(path.join(tmpdir(), 'studio-ui-consumer-'));
  cpSync(path.join(root, 'examples/consumer'), app, {
    recursive: true,
    filter: (source) => !/node_modules|dist/.test(path.relative(root, source)),
  });
  const ui = tarball(packs, 'studio-ui-');
  const tokens = tarball(packs, 'studio-tokens-');
  cpSync(ui, path.join(app, path.basename(ui)));
  cpSync(tokens, path.join(app, path.basename(tokens)));
  const manifest = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));
  const local = (/** @type {string} */ file) => `file:./${path.basename(file)}`;
  manifest.dependencies['@studio/ui'] = local(ui);
  manifest.dependencies['@studio/tokens'] = local(tokens);
  // @studio/ui names its tokens by version, as from a registry: this one is the tarball.
  manifest.pnpm = { overrides: { '@studio/tokens': local(tokens) } };
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync(pnpmBin, [...pnpmPrefix, 'install', '--prefer-offline', '--ignore-workspace'], {
    cwd: app,
    stdio: 'inherit',
  });
  return app;
}

/** @param {string} app @param {string[]} args */
const exec = (app, args) =>
  execFileSync(pnpmBin, [...pnpmPrefix, 'exec', ...args], { cwd: app, stdio: 'inherit' });

async function inChromium(/** @type {string} */ app) {
  const server = await serveStatic(path.join(app, 'dist'));
  const executablePath = findChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
    /** @type {string[]} */
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });
    await page.goto(server.url);
    await page.getByRole('heading', { level: 1, name: 'A product built on @studio/ui' }).waitFor();
    check(true, 'the page renders from the packed package');

    const background = () =>
      page.getByTestId('page').evaluate((element) => getComputedStyle(element).backgroundColor);
    const colour = () =>
      page.getByTestId('page').evaluate((element) => getComputedStyle(element).color);
    const seen = new Set();
    for (const name of ['Light', 'Dark', 'Forest', 'Cherry', 'Apricot', 'Eggplant']) {
      // As a person picks one: a click on its swatch (the label; the radio is drawn by it).
      await page.locator('label').filter({ hasText: name }).click();
      await page.getByRole('radio', { name, exact: true, checked: true }).waitFor();
      seen.add(`${await background()} ${await colour()}`);
    }
    check(seen.size === 6, `each of the six themes paints the page its own way (${seen.size})`);

    await page.getByRole('button', { name: 'Next step' }).click();
    check(
      (await page.locator('[aria-current="step"]').textContent())?.includes('Verify') ?? false,
      'the step indicator moves to the second step',
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByText('Email is required').waitFor();
    check(true, 'the modal opens and the form refuses an empty e-mail with its zod message');
    await dialog.getByLabel('Email').fill('lan@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('secret-enough');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'Signed in as lan@example.com' }).waitFor();
    check(true, 'a valid form is submitted and the modal closes');

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByText('Work laptop fingerprint').waitFor();
    check(true, 'the tabs switch to the credential manager, which lists the authenticator');

    await injectAxe(page);
    const violations = await getViolations(page, undefined, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    check(
      violations.length === 0,
      `axe finds no WCAG 2.2 A/AA violation${violations.map((v) => ` (${v.id}: ${v.help})`).join('')}`,
    );
    check(
      problems.length === 0,
      `no console error or warning${problems.map((p) => `\n    ${p}`).join('')}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { packs: { type: 'string' }, keep: { type: 'boolean', default: false } },
  });
  const packs = path.resolve(values.packs ?? path.join(root, 'test-results/packages'));
  console.log('consumer: a clean folder, the tarballs installed');
  const app = install(packs);
  try {
    console.log('consumer: type-check against the declarations');
    exec(app, ['tsc', '-p', 'tsconfig.json']);
    check(true, 'the consumer type-checks against the packed declarations');
    console.log('consumer: build');
    exec(app, ['vite', 'build']);
    check(true, 'a plain Vite build, without the vanilla-extract plugin');
    exec(app, ['vite', 'build', '--ssr', 'src/ssr.tsx', '--outDir', 'dist-ssr']);
    const { render } = await import(pathToFileURL(path.join(app, 'dist-ssr/ssr.js')).href);
    check(typeof globalThis.window === 'undefined', 'the server rendering runs without a window');
    const html = render();
    check(
      html.includes('A product built on @studio/ui') && html.includes('data-theme="forest"'),
      'react-dom/server renders the page from the packed package in plain Node',
    );
    console.log('consumer: in Chromium');
    await inChromium(app);
  } finally {
    if (values.keep) console.log(`kept ${app}`);
    else rmSync(app, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
