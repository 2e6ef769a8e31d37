#!/usr/bin/env node
// Bundles the API for production: `node dist/server.js` runs without tsx. The workspace packages
// it imports (@studio/contracts, @studio/sandbox) export TypeScript source, which Node 20 cannot
// run, so they are bundled in; every npm package stays external and is loaded from node_modules
// (native ones such as better-sqlite3, sharp and node-llama-cpp must be).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const apiDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(apiDir, 'dist');

/** @type {import('esbuild').Plugin} */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    // A bare specifier that is not one of ours (node:*, fastify, @aws-sdk/…) is left to Node.
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@studio/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  entryPoints: [
    'src/server.ts',
    'src/cli/pull-model.ts',
    // The composer's render thread, started by path beside server.js (composer-engine.ts).
    { in: '../../packages/composer/src/render-worker.ts', out: 'composer-worker' },
    // The documents' reading thread, started by path beside server.js (read-in-worker.ts). Its
    // readers load pdfjs-dist, mammoth, exceljs and @napi-rs/canvas from the API's node_modules.
    { in: '../../packages/documents/src/read/read-worker.ts', out: 'documents-worker' },
    // The prerendering thread, started by path beside server.js (prerender-host.ts).
    { in: 'src/http/prerender-thread.ts', out: 'prerender-worker' },
  ],
  outbase: 'src',
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  // package.json (its version, in health and the OpenAPI document) is inlined as JSON.
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
console.log(`API bundled into ${path.relative(process.cwd(), outdir) || outdir}`);
