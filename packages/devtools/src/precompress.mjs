// Build-time compression of the SPA: a Brotli (.br, quality 11) and a gzip (.gz, level 9) sibling
// beside each compressible file of the build, which the API (@fastify/static's preCompressed)
// and nginx (gzip_static) send as they are. Compressing once at build time lets every visitor get
// the smallest encoding at no CPU cost per request; Brotli's best quality is far too slow to run
// per response.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a browser downloads as text: scripts, styles, pages, translations, icons. */
export const compressibleExtensions = [
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
];

/**
 * Below this a file fits in the first packets either way: the few hundred bytes saved would not
 * pay for two more files beside each of the build's many small chunks.
 */
export const minimumBytes = 1024;

/**
 * @typedef {{ file: string, bytes: number, brotliBytes: number | null, gzipBytes: number | null }} Precompressed
 *   one file, relative to the folder, with its size and each sibling's (null: not written)
 */

/**
 * Every file under `dir` to compress: a compressible extension and at least `minimumBytes`.
 * Dot folders (Vite's .vite/manifest.json) and source maps are never sent to a browser.
 * @param {string} dir
 * @returns {Promise<string[]>} absolute paths
 */
async function compressibleFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file);
    if (relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
    if (!compressibleExtensions.includes(path.extname(entry.name))) continue;
    if ((await stat(file)).size < minimumBytes) continue;
    files.push(file);
  }
  return files.sort();
}

/**
 * Writes `file.br` and `file.gz` beside each compressible file under `dir`, each only when it is
 * smaller than the file (an already dense file keeps none, and is sent as it is). Running it
 * again rewrites the siblings from the current files. zlib's asynchronous calls run on libuv's
 * thread pool, so the files compress side by side.
 * @param {string} dir
 * @returns {Promise<Precompressed[]>}
 */
export async function precompressDirectory(dir) {
  const files = await compressibleFiles(dir);
  return Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const [brotliBody, gzipBody] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const keep = async (/** @type {Buffer} */ body, /** @type {string} */ extension) => {
        if (body.length >= source.length) return null;
        await writeFile(file + extension, body);
        return body.length;
      };
      return {
        file: path.relative(dir, file).split(path.sep).join('/'),
        bytes: source.length,
        brotliBytes: await keep(brotliBody, '.br'),
        gzipBytes: await keep(gzipBody, '.gz'),
      };
    }),
  );
}

/**
 * The Vite plugin: precompresses the build's output folder once everything is written, after
 * the other plugins' closeBundle (Rolldown runs them one after the other; `post` puts this one
 * last, behind a second build into the same folder such as the redirect bridge's). Typed
 * structurally so this package needs no Vite dependency.
 * @returns {{ name: string, apply: 'build', configResolved(config: { root: string, build: { outDir: string } }): void, closeBundle: { order: 'post', handler(): Promise<void> } }}
 */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const results = await precompressDirectory(outDir);
        const sum = (/** @type {(r: Precompressed) => number} */ pick) =>
          results.reduce((total, r) => total + pick(r), 0);
        const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KB`;
        console.log(
          `precompressed ${results.length} files: ${kb(sum((r) => r.bytes))} → ` +
            `${kb(sum((r) => r.brotliBytes ?? r.bytes))} Brotli, ${kb(sum((r) => r.gzipBytes ?? r.bytes))} gzip`,
        );
      },
    },
  };
}
