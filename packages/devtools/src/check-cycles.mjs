#!/usr/bin/env node
// Fails when any package of the workspace has an import cycle, type-only imports included: a cycle
// is where layers stop pointing one way (issue 14), and a lazily loaded chunk that imports its
// loader back is one too. Run by `npm run lint`, so CI checks it with the other static checks.
import path from 'node:path';
import madge from 'madge';

const root = path.resolve(import.meta.dirname, '../../..');
const packages = [
  'apps/api',
  'packages/sandbox',
  'packages/composer',
  'packages/documents',
  'apps/web',
  'packages/contracts',
  'packages/ui',
  'tokens',
];

let cycles = 0;
for (const dir of packages) {
  const result = await madge(path.join(root, dir, 'src'), {
    fileExtensions: ['ts', 'tsx', 'mts', 'mjs'],
    tsConfig: path.join(root, dir, 'tsconfig.json'),
    excludeRegExp: [/\.d\.ts$/],
  });
  for (const cycle of result.circular()) {
    cycles += 1;
    console.error(`${dir}/src: ${cycle.join(' → ')} → ${cycle[0]}`);
  }
}
if (cycles > 0) {
  console.error(
    `\n${cycles} import cycle${cycles === 1 ? '' : 's'}: break each by moving what both sides need into a module of its own.`,
  );
  process.exit(1);
}
console.log(`No import cycle in ${packages.join(', ')}.`);
