#!/usr/bin/env node
/**
 * Makes a built package's declaration files resolvable by every TypeScript setting a consumer may
 * use (`moduleResolution` node16/nodenext as well as bundler): each relative import in a .d.ts
 * names the JavaScript file it describes, as Node's ES module resolution needs it. tsc writes
 * them as the sources spell them, extensionless (packages/ui) or with `.ts` (tokens).
 *
 *   node packages/devtools/src/declaration-imports.mjs <dist folder>
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const specifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]*)\2/g;

/**
 * The JavaScript file a relative specifier in `file` stands for, spelled relatively.
 * @param {string} file
 * @param {string} relative
 * @returns {string}
 */
export function javascriptSpecifier(file, relative) {
  if (/\.(c|m)?js$/.test(relative) || /\.json$/.test(relative)) return relative;
  if (/\.tsx?$/.test(relative)) return relative.replace(/\.tsx?$/, '.js');
  const base = path.resolve(path.dirname(file), relative);
  if (existsSync(`${base}.d.ts`)) return `${relative}.js`;
  if (existsSync(path.join(base, 'index.d.ts'))) return `${relative.replace(/\/$/, '')}/index.js`;
  throw new Error(`${file}: ${relative} is neither ${relative}.d.ts nor ${relative}/index.d.ts`);
}

/**
 * @param {string} folder
 * @returns {string[]}
 */
function declarations(folder) {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return declarations(full);
    return name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * Rewrites every .d.ts under `folder`; the count of files changed.
 * @param {string} folder
 */
export function rewriteDeclarationImports(folder) {
  let changed = 0;
  for (const file of declarations(folder)) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(
      specifier,
      (_, before, quote, relative) =>
        `${before}${quote}${javascriptSpecifier(file, relative)}${quote}`,
    );
    if (rewritten !== text) {
      writeFileSync(file, rewritten);
      changed += 1;
    }
  }
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: declaration-imports.mjs <dist folder>');
    process.exit(2);
  }
  const changed = rewriteDeclarationImports(path.resolve(folder));
  console.log(`declaration imports: ${changed} file(s) now name their JavaScript`);
}
