#!/usr/bin/env node
// Builds the production tree that `npm run start:prod`, CI and the Dockerfile all run:
//   node packages/devtools/src/build-production.mjs [outDir]      (default: dist/production)
// It lays the tree out as the repository is, so the API's default paths find everything:
//   <outDir>/apps/api/dist/server.js   the bundled API (node --enable-source-maps …)
//   <outDir>/apps/api/node_modules     its production dependencies only (no tsx, no vitest)
//   <outDir>/apps/web/dist             the SPA, with its locales
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pnpmCommand } from './pnpm.mjs';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist/production'));
const [pnpmBin, ...pnpmPrefix] = pnpmCommand();

/** Runs pnpm in the repository and stops the build when it fails. */
async function pnpm(/** @type {string} */ what, /** @type {string[]} */ args) {
  console.log(`\n━━ ${what} ━━`);
  const code = await run(pnpmBin, [...pnpmPrefix, ...args], { cwd: root });
  if (code !== 0) {
    console.error(`The production build failed while it ${what.toLowerCase()}.`);
    process.exit(code);
  }
}

const startedAt = Date.now();
rmSync(outDir, { recursive: true, force: true });

// The SPA goes straight into the tree: apps/web/dist stays the development build's (CI builds
// both at once).
await pnpm('Builds the SPA', [
  '--filter',
  '@studio/web',
  'exec',
  'vite',
  'build',
  '--logLevel',
  'warn',
  '--emptyOutDir',
  '--outDir',
  path.join(outDir, 'apps/web/dist'),
]);
await pnpm('Bundles the API', ['--filter', '@studio/api', 'run', 'build']);
// Only the API's production dependencies, copied from the store. Hoisted: the workspace
// packages bundled into server.js import npm packages (oidc-provider) the API itself does not
// list, and a flat node_modules resolves them from apps/api/dist. The API's package.json
// `files` keeps its sources and tests out.
await pnpm('Copies the production dependencies', [
  '--filter',
  '@studio/api',
  '--config.inject-workspace-packages=true',
  '--config.node-linker=hoisted',
  'deploy',
  '--prod',
  '--prefer-offline',
  path.join(outDir, 'apps/api'),
]);

const server = path.join(outDir, 'apps/api/dist/server.js');
if (!existsSync(server) || !existsSync(path.join(outDir, 'apps/web/dist/locales'))) {
  console.error(`The production tree at ${outDir} is incomplete (no server.js or locales).`);
  process.exit(1);
}
console.log(
  `\nProduction tree built in ${Math.round((Date.now() - startedAt) / 1000)} s. Start it with:\n` +
    `  NODE_ENV=production node --enable-source-maps ${path.relative(process.cwd(), server)}`,
);
