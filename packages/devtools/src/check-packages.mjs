#!/usr/bin/env node
/**
 * The design system as packages other products install: builds @studio/tokens and @studio/ui
 * (each package's `build:package`), packs them as they would be published (`pnpm pack`, which
 * puts each package's publishConfig in place), and checks the tarballs: publint (the package.json
 * a registry would get, strict) and Are the Types Wrong (types that resolve for ES module
 * consumers, under Node's resolution and a bundler's). Then a size report per component of
 * @studio/ui: what a page that uses one component downloads of the package, gzipped.
 *
 *   node packages/devtools/src/check-packages.mjs [--out <folder>]   (default: test-results/packages)
 *
 * The tarballs stay in the folder for the consumer check (examples/consumer), with sizes.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { pnpmCommand } from './pnpm.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const devtoolsBin = path.join(root, 'packages/devtools/node_modules/.bin');
const [pnpmBin, ...pnpmPrefix] = pnpmCommand();

/** The packages, in the order they depend on each other. */
export const designSystemPackages = [
  { name: '@studio/tokens', folder: 'tokens' },
  { name: '@studio/ui', folder: 'packages/ui' },
];

const run = (/** @type {string} */ command, /** @type {string[]} */ args, cwd = root) =>
  execFileSync(command, args, { cwd, stdio: 'inherit' });

/** `@studio/ui` 0.1.0 → studio-ui-0.1.0.tgz, as pnpm names it. */
export function tarballName(/** @type {string} */ name, /** @type {string} */ version) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

const relativeImport = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.\.?\/[^"']+)["']/g;

/**
 * The files of a built package that importing `entries` loads: them and every module they import,
 * relatively, through the whole graph (dependencies outside the package are the consumer's).
 */
export function moduleGraph(/** @type {string[]} */ entries) {
  const seen = new Set();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = /** @type {string} */ (pending.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, relative] of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const target = path.resolve(path.dirname(file), /** @type {string} */ (relative));
      if (target.endsWith('.js') && existsSync(target)) pending.push(target);
    }
  }
  return [...seen];
}

const gzipped = (/** @type {string[]} */ files) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);

/**
 * Per component: the gzipped JavaScript a page using it alone loads of @studio/ui (the component,
 * the modules it imports, the theme contract), besides the one stylesheet every page loads.
 */
export function sizeReport(/** @type {string} */ dist) {
  const components = readdirSync(path.join(dist, 'components'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'private')
    .map((entry) => entry.name)
    .sort();
  // A component's folder re-exports its modules (the build drops such barrels): its modules are
  // the ones that are not styles (those come along as their imports).
  const modulesOf = (/** @type {string} */ name) =>
    readdirSync(path.join(dist, 'components', name))
      .filter((file) => file.endsWith('.js') && !file.endsWith('.css.js'))
      .map((file) => path.join(dist, 'components', name, file));
  const sizes = Object.fromEntries(
    components.map((name) => [name, gzipped(moduleGraph(modulesOf(name)))]),
  );
  return {
    components: sizes,
    everything: gzipped(moduleGraph([path.join(dist, 'index.js')])),
    stylesheet: gzipped([path.join(dist, 'style.css')]),
  };
}

function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const out = path.resolve(values.out ?? path.join(root, 'test-results/packages'));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  for (const { name, folder } of designSystemPackages) {
    const cwd = path.join(root, folder);
    const { version } = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));
    console.log(`\n${name} ${version}: build`);
    run(pnpmBin, [...pnpmPrefix, 'run', 'build:package'], cwd);
    console.log(`${name}: pack`);
    run(pnpmBin, [...pnpmPrefix, 'pack', '--pack-destination', out], cwd);
    const tarball = path.join(out, tarballName(name, version));
    console.log(`${name}: publint`);
    run(path.join(devtoolsBin, 'publint'), ['--strict', tarball]);
    console.log(`${name}: are the types wrong`);
    // ES modules only: a CommonJS require() of the package is not offered. The stylesheet is
    // not a module, so it has no types to resolve.
    run(path.join(devtoolsBin, 'attw'), [
      tarball,
      '--profile',
      'esm-only',
      '--exclude-entrypoints',
      'style.css',
      '--format',
      'table-flipped',
    ]);
  }

  const report = sizeReport(path.join(root, 'packages/ui/dist'));
  writeFileSync(path.join(out, 'sizes.json'), `${JSON.stringify(report, null, 2)}\n`);
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\n@studio/ui, gzipped: what a page using one component loads of the package');
  for (const [component, bytes] of Object.entries(report.components)) {
    console.log(`  ${component.padEnd(20)} ${kb(bytes).padStart(9)}`);
  }
  console.log(`  ${'(everything)'.padEnd(20)} ${kb(report.everything).padStart(9)}`);
  console.log(`  ${'style.css'.padEnd(20)} ${kb(report.stylesheet).padStart(9)} (every page)`);
  console.log(`\nTarballs and sizes.json in ${path.relative(root, out) || out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
