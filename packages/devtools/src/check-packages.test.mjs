import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moduleGraph, sizeReport, tarballName } from './check-packages.mjs';
import { rewriteDeclarationImports } from './declaration-imports.mjs';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'studio-packages-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const write = async (/** @type {string} */ file, /** @type {string} */ text) => {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
};

describe('declaration imports', () => {
  it('name the JavaScript each relative import stands for, as Node resolves it', async () => {
    await write('colors.d.ts', 'export type Color = string;');
    await write('themes/index.d.ts', 'export declare const themes: string[];');
    await write(
      'index.d.ts',
      [
        "export * from './colors.ts';",
        "export { themes } from './themes';",
        "import type { Color } from './colors';",
        "export type Lazy = typeof import('./colors');",
        "export * from 'react';",
        "export * from './already.js';",
      ].join('\n'),
    );
    expect(rewriteDeclarationImports(dir)).toBe(1);
    expect(await readFile(path.join(dir, 'index.d.ts'), 'utf8')).toBe(
      [
        "export * from './colors.js';",
        "export { themes } from './themes/index.js';",
        "import type { Color } from './colors.js';",
        "export type Lazy = typeof import('./colors.js');",
        "export * from 'react';",
        "export * from './already.js';",
      ].join('\n'),
    );
  });

  it('refuses an import that names nothing in the folder', async () => {
    await write('index.d.ts', "export * from './missing';");
    expect(() => rewriteDeclarationImports(dir)).toThrow('./missing is neither');
  });
});

describe('the size report', () => {
  it('follows a component through the modules it imports, each once, not its package', async () => {
    await write('theme/contract.css.js', 'export const vars = {};');
    await write('components/Badge/Badge.css.js', 'import "../../theme/contract.css.js";');
    await write(
      'components/Badge/Badge.js',
      'import { x } from "./Badge.css.js"; import "react"; import "../../theme/contract.css.js";',
    );
    await write('components/private/commonProps.js', 'export {};');
    await write('index.js', 'export * from "./components/Badge/Badge.js";');
    await write('style.css', '.badge{color:red}');
    expect(moduleGraph([path.join(dir, 'components/Badge/Badge.js')]).sort()).toEqual(
      ['components/Badge/Badge.css.js', 'components/Badge/Badge.js', 'theme/contract.css.js'].map(
        (file) => path.join(dir, file),
      ),
    );
    const report = sizeReport(dir);
    expect(Object.keys(report.components)).toEqual(['Badge']);
    expect(report.components['Badge']).toBeGreaterThan(0);
    expect(report.everything).toBeGreaterThan(/** @type {number} */ (report.components['Badge']));
    expect(report.stylesheet).toBeGreaterThan(0);
  });

  it('names tarballs as pnpm pack does', () => {
    expect(tarballName('@studio/ui', '0.1.0')).toBe('studio-ui-0.1.0.tgz');
  });
});
