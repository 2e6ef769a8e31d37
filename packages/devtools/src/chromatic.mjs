#!/usr/bin/env node
// Publishes the static Storybook to Chromatic for visual review. Needs CHROMATIC_PROJECT_TOKEN and
// network access to Chromatic, so CI here never runs it; the local visual baselines cover CI.
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
if (!process.env['CHROMATIC_PROJECT_TOKEN']) {
  console.error('Set CHROMATIC_PROJECT_TOKEN to publish to Chromatic.');
  process.exit(1);
}
/** @param {string} name */
const bin = (name) => path.join(root, 'node_modules/.bin', name);
let code = await run(bin('storybook'), ['build', '--quiet', '-o', 'storybook-static'], {
  cwd: root,
});
if (code === 0) {
  code = await run(
    bin('chromatic'),
    ['--storybook-build-dir', 'storybook-static', '--exit-zero-on-changes', '--only-changed'],
    { cwd: root },
  );
}
process.exit(code);
