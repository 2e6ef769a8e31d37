import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { minimumBytes, precompressDirectory, precompressPlugin } from './precompress.mjs';

/** Text that compresses well, of about `bytes` bytes. */
const text = (/** @type {number} */ bytes) =>
  'export const greeting = "Xin chào, thế giới";\n'.repeat(Math.ceil(bytes / 45));

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'studio-precompress-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'locales/vi'), { recursive: true });
  await mkdir(path.join(dir, '.vite'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const write = (/** @type {string} */ file, /** @type {string | Buffer} */ body) =>
  writeFile(path.join(dir, file), body);
const has = (/** @type {string} */ file) => existsSync(path.join(dir, file));

describe('precompressDirectory', () => {
  it('writes Brotli and gzip siblings that decompress to the original', async () => {
    const script = text(20_000);
    await write('assets/app.js', script);
    await write('locales/vi/common.json', JSON.stringify({ hello: text(4_000) }));
    await write('index.html', `<!doctype html><p>${text(2_000)}</p>`);

    const results = await precompressDirectory(dir);

    expect(results.map((r) => r.file)).toEqual([
      'assets/app.js',
      'index.html',
      'locales/vi/common.json',
    ]);
    const br = await readFile(path.join(dir, 'assets/app.js.br'));
    const gz = await readFile(path.join(dir, 'assets/app.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    // Brotli at its best quality beats gzip at its best on text.
    expect(br.length).toBeLessThan(gz.length);
    expect(results[0]).toEqual({
      file: 'assets/app.js',
      bytes: Buffer.byteLength(script),
      brotliBytes: br.length,
      gzipBytes: gz.length,
    });
    for (const file of ['index.html', 'locales/vi/common.json']) {
      expect(has(`${file}.br`) && has(`${file}.gz`)).toBe(true);
    }
  });

  it('leaves small files, other types, source maps and dot folders alone', async () => {
    await write('assets/tiny.js', 'console.log(1);'.padEnd(minimumBytes - 1, ' '));
    await write('assets/font.woff2', text(10_000));
    await write('assets/app.js.map', text(10_000));
    await write('.vite/manifest.json', JSON.stringify({ a: text(10_000) }));

    expect(await precompressDirectory(dir)).toEqual([]);
    for (const file of [
      'assets/tiny.js',
      'assets/font.woff2',
      'assets/app.js.map',
      '.vite/manifest.json',
    ]) {
      expect(has(`${file}.br`) || has(`${file}.gz`)).toBe(false);
    }
  });

  it('writes no sibling for a file that would not shrink', async () => {
    // Random bytes do not compress: each encoding only adds its framing.
    await write('assets/noise.svg', randomBytes(8_000));

    expect(await precompressDirectory(dir)).toEqual([
      { file: 'assets/noise.svg', bytes: 8_000, brotliBytes: null, gzipBytes: null },
    ]);
    expect(has('assets/noise.svg.br') || has('assets/noise.svg.gz')).toBe(false);
  });

  it('compresses a file at exactly the threshold, and never its own siblings again', async () => {
    await write('assets/edge.css', 'a{color:red}'.repeat(minimumBytes / 4).slice(0, minimumBytes));

    await precompressDirectory(dir);
    const again = await precompressDirectory(dir);

    expect(again.map((r) => r.file)).toEqual(['assets/edge.css']);
    expect(has('assets/edge.css.br.br') || has('assets/edge.css.gz.gz')).toBe(false);
  });

  it('rewrites the siblings from the current file when run again', async () => {
    await write('assets/app.js', text(5_000));
    await precompressDirectory(dir);
    const changed = text(5_000).replaceAll('chào', 'hello');
    await write('assets/app.js', changed);

    await precompressDirectory(dir);

    const br = await readFile(path.join(dir, 'assets/app.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(changed);
  });
});

describe('precompressPlugin', () => {
  it('compresses the resolved output folder once the bundle is closed, last', async () => {
    await write('assets/app.js', text(5_000));
    const plugin = precompressPlugin();
    plugin.configResolved({ root: path.dirname(dir), build: { outDir: path.basename(dir) } });

    expect(plugin.apply).toBe('build');
    expect(plugin.closeBundle.order).toBe('post');
    await plugin.closeBundle.handler();

    expect(has('assets/app.js.br') && has('assets/app.js.gz')).toBe(true);
  });
});
