#!/usr/bin/env node
// Bundle-size report per route from Vite's build manifest (apps/web/dist/.vite/manifest.json):
// gzipped JavaScript of the first load (the entry and everything it imports statically) and, for
// each lazily loaded module (a route page, a heavy feature), what it adds on top; the first load
// of / also as the server sends it (the build's Brotli siblings). Fails when a visitor's first
// load of / (entry + the home page chunk) exceeds the budget, gzipped.
//   node bundle-report.mjs [distDir] [--budget-kb 150]
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }} Chunk
 * @typedef {Record<string, Chunk>} Manifest
 */

/**
 * Every chunk key reachable from `key` through static imports (what the browser must fetch
 * before the module can run).
 * @param {Manifest} manifest
 * @param {string} key
 * @param {Set<string>} [seen]
 */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/**
 * @param {Manifest} manifest
 * @param {(file: string) => number} sizeOf gzipped bytes of an output file
 * @param {{ homeMatch?: RegExp }} [options]
 */
export function bundleReport(manifest, sizeOf, { homeMatch = /pages\/home\// } = {}) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const firstLoad = new Set();
  for (const entry of entries) staticClosure(manifest, entry, firstLoad);
  const bytes = (/** @type {Iterable<string>} */ keys) =>
    [...keys].reduce((sum, key) => {
      const file = manifest[key]?.file;
      return file && file.endsWith('.js') ? sum + sizeOf(file) : sum;
    }, 0);

  const lazy = new Set();
  for (const key of Object.keys(manifest)) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) lazy.add(dynamic);
  }
  const routes = [...lazy]
    .map((key) => {
      const own = [...staticClosure(manifest, key)].filter((k) => !firstLoad.has(k));
      return { module: manifest[key]?.src ?? key, addedBytes: bytes(own), keys: own };
    })
    .sort((a, b) => a.module.localeCompare(b.module));
  const home = routes.filter((route) => homeMatch.test(route.module));
  const homeKeys = new Set(home.flatMap((route) => route.keys));
  return {
    firstLoadBytes: bytes(firstLoad),
    homeFirstLoadBytes: bytes(new Set([...firstLoad, ...homeKeys])),
    routes: routes.map(({ module, addedBytes }) => ({ module, addedBytes })),
  };
}

const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const budgetIndex = args.indexOf('--budget-kb');
  const budgetKb = budgetIndex === -1 ? 150 : Number(args[budgetIndex + 1]);
  const positional = args.filter((_, i) => i !== budgetIndex && i !== budgetIndex + 1);
  const dist = path.resolve(positional[0] ?? 'apps/web/dist');
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const sizeOf = (/** @type {string} */ file) =>
    gzipSync(readFileSync(path.join(dist, file))).length;
  const report = bundleReport(manifest, sizeOf);

  console.log('Bundle size per route (gzipped JavaScript)');
  console.log(`  first load (entry + static imports)   ${kb(report.firstLoadBytes)}`);
  console.log(
    `  a visitor's first load of /           ${kb(report.homeFirstLoadBytes)} (budget ${budgetKb} KB)`,
  );
  // What the server sends a browser that accepts Brotli: the build's .br sibling, else the file.
  const sentSizeOf = (/** @type {string} */ file) => {
    const sibling = path.join(dist, `${file}.br`);
    return statSync(existsSync(sibling) ? sibling : path.join(dist, file)).size;
  };
  console.log(
    `  the same, as sent (Brotli siblings)   ${kb(bundleReport(manifest, sentSizeOf).homeFirstLoadBytes)}`,
  );
  for (const route of report.routes) {
    console.log(`  + ${route.module.padEnd(60)} ${kb(route.addedBytes)}`);
  }
  const total = Object.values(manifest).reduce(
    (sum, chunk) =>
      chunk.file.endsWith('.js') ? sum + statSync(path.join(dist, chunk.file)).size : sum,
    0,
  );
  console.log(`  all JavaScript (uncompressed)         ${kb(total)}`);
  if (report.homeFirstLoadBytes > budgetKb * 1024) {
    console.error(
      `The first load of / is ${kb(report.homeFirstLoadBytes)}, over the ${budgetKb} KB budget.`,
    );
    process.exit(1);
  }
}
