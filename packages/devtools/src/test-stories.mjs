#!/usr/bin/env node
// Builds the static Storybook, serves it on loopback and runs every story through the
// Storybook test-runner (play functions, axe in six themes, visual snapshots) in Chromium.
//   --no-build        reuse storybook-static
//   --update          write new visual baselines instead of failing on a difference
//   --refresh         also rewrite baselines that match only within the tolerance, so the next
//                     runs find them byte-for-byte equal and skip decoding (see test-runner.ts)
//   --json <file>     write Jest's JSON results (for the pass/fail count)
//   --out <dir>       build into (and serve) this folder instead of storybook-static, so two
//                     developers (or sessions) on one checkout do not overwrite each other's build
//   anything else     passed to test-storybook (e.g. a story path fragment)
import path from 'node:path';
import { run } from './run.mjs';
import { serveStatic } from './static-server.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const args = process.argv.slice(2);
/** @param {string} flag */
const take = (flag) => {
  const i = args.indexOf(flag);
  if (i === -1) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const noBuild = args.includes('--no-build');
const update = args.includes('--update');
const refresh = args.includes('--refresh');
const json = take('--json');
const outDir = path.resolve(root, take('--out') ?? 'storybook-static');
const passThrough = args.filter((a) => !['--no-build', '--update', '--refresh'].includes(a));
/** @param {string} name */
const bin = (name) => path.join(root, 'node_modules/.bin', name);

if (!noBuild) {
  const code = await run(bin('storybook'), ['build', '--quiet', '-o', outDir], {
    cwd: root,
  });
  if (code !== 0) process.exit(code);
}

const server = await serveStatic(outDir);
const runnerArgs = [
  '--url',
  server.url,
  '--maxWorkers=2',
  // --ci: a story without a committed baseline fails instead of silently writing one.
  ...(update ? ['-u'] : ['--ci']),
  ...(json ? ['--json', '--outputFile', json] : []),
  ...passThrough,
];
const code = await run(bin('test-storybook'), runnerArgs, {
  cwd: root,
  env: {
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    ...(refresh ? { VISUAL_SNAPSHOTS_REFRESH: '1' } : {}),
  },
});
await server.close();
process.exit(code);
