import { describe, expect, it } from 'vitest';
import { bundleReport, staticClosure } from './bundle-report.mjs';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor'],
    dynamicImports: ['src/pages/home/HomePage.tsx', 'src/pages/help/HelpPage.tsx'],
  },
  _vendor: { file: 'assets/vendor.js' },
  'src/pages/home/HomePage.tsx': {
    file: 'assets/home.js',
    src: 'src/pages/home/HomePage.tsx',
    imports: ['_vendor', '_card'],
  },
  'src/pages/help/HelpPage.tsx': {
    file: 'assets/help.js',
    src: 'src/pages/help/HelpPage.tsx',
    imports: ['_card', '_search'],
  },
  _card: { file: 'assets/card.js' },
  _search: { file: 'assets/search.js' },
  'style.css': { file: 'assets/style.css' },
};
/** @type {Record<string, number>} */
const sizes = {
  'assets/index.js': 100,
  'assets/vendor.js': 1000,
  'assets/home.js': 10,
  'assets/help.js': 20,
  'assets/card.js': 5,
  'assets/search.js': 7,
};
const sizeOf = (/** @type {string} */ file) => sizes[file] ?? 0;

describe('bundleReport', () => {
  it('follows static imports only', () => {
    expect([...staticClosure(manifest, 'index.html')].sort()).toEqual(['_vendor', 'index.html']);
  });
  it('measures the first load, the home route and what each lazy route adds', () => {
    const report = bundleReport(manifest, sizeOf);
    expect(report.firstLoadBytes).toBe(1100);
    expect(report.homeFirstLoadBytes).toBe(1100 + 10 + 5);
    expect(report.routes).toEqual([
      { module: 'src/pages/help/HelpPage.tsx', addedBytes: 20 + 5 + 7 },
      { module: 'src/pages/home/HomePage.tsx', addedBytes: 10 + 5 },
    ]);
  });
});
