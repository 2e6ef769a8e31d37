import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classesIn,
  languageFromAcceptLanguage,
  shellParts,
  stylesheetOrder,
} from '../src/http/prerendered-pages.ts';
import { liveDrawingThreads } from '../src/http/prerender-host.ts';
import { useTestApp } from './support/test-app.ts';

/** index.html as Vite builds it: the entry script and its stylesheet in the head. */
const indexHtml =
  '<!doctype html><html lang="en" dir="ltr"><head><title>AI Studio</title>' +
  '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/shell.css"></head>' +
  '<body><div id="root"></div></body></html>';

/**
 * A built prerenderer (the web build's .server/prerender.js), shaped like the real one: it
 * draws a page from its path, language and the answers to its first request, and fails on one
 * page, as a renderer can.
 */
const renderer = `
import { AsyncLocalStorage } from 'node:async_hooks';
import { threadId } from 'node:worker_threads';
// As React's server renderer does: running in a storage switches on promise hooks where it runs.
const storage = new AsyncLocalStorage();
export const prerenderedPaths = ['/', '/plans', '/broken'];
export const prerenderScripts = { boot: 'window.booted = true;', layout: 'window.laidOut = true;' };
export function prerenderRequests(path) {
  return path === '/' ? [{ endpoint: 'live', path: '/api/health/live' }] : [];
}
export async function prerenderPage(path, language, config, answers) {
  if (path === '/broken') throw new Error('a component failed');
  const text = language + ' ' + path + ' ' + JSON.stringify(answers) + ' sandbox:' + config.sandbox;
  return storage.run({}, async () => ({
    html: '<div id="prerendered" inert aria-hidden="true" data-thread="' + threadId + '">' +
      '<p class="used">' + text + '</p><script>window.laidOut = true;</script></div>',
  }));
}
`;

const dist = path.join(await mkdtemp(path.join(tmpdir(), 'studio-api-prerendered-')), 'dist');
beforeAll(async () => {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, '.server'), { recursive: true });
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, 'assets/index-1a2b.js'), 'console.log("app");');
  await writeFile(path.join(dist, 'assets/shell.css'), 'body{margin:0}');
  await writeFile(path.join(dist, 'assets/page.css'), '.used{color:red}');
  await writeFile(path.join(dist, 'assets/other.css'), '.unused{color:blue}');
  await writeFile(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'src/main.tsx': {
        file: 'assets/index-1a2b.js',
        isEntry: true,
        css: ['assets/shell.css'],
        dynamicImports: ['src/page.tsx', 'src/other.tsx'],
      },
      'src/page.tsx': { file: 'assets/page.js', css: ['assets/page.css'] },
      'src/other.tsx': { file: 'assets/other.js', css: ['assets/other.css'] },
    }),
  );
  await writeFile(path.join(dist, '.server/prerender.js'), renderer);
});
afterAll(() => rm(path.dirname(dist), { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('prerendered pages', () => {
  const t = useTestApp('sqlite', { WEB_DIST_DIR: dist, LOCALES_DIR: path.join(dist, 'locales') });
  beforeAll(async () => {
    await t.app.ready();
    await t.app.prerenderedPages?.warm();
  });

  it("sends / with its picture in the browser's language, the styles it uses inline and the app started by the boot script", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('<html lang="vi" dir="ltr">');
    // Drawn with the configuration and the server's own answer to the page's first request.
    expect(body).toContain('<p class="used">vi / {"live":{"status":"live"}} sandbox:true</p>');
    expect(body).toMatch(/<div id="prerendered"[^>]*>.*<\/div><div id="root"><\/div>/);
    // The index's stylesheet and the page's, inline; not the stylesheet the page does not use.
    expect(body).toContain('<style>body{margin:0}.used{color:red}');
    expect(body).not.toContain('.unused');
    // The page's inlined stylesheet is linked too, disabled: the app's loader finds it there
    // and neither fetches nor applies it again.
    expect([...body.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/page.css" disabled>',
    ]);
    // No module script: the boot script imports the entry named by its preload link.
    expect(body).not.toContain('<script type="module"');
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/index-1a2b.js" data-app-entry>',
    );
    expect(body.indexOf('data-app-entry')).toBeLessThan(body.indexOf('window.booted'));
    expect(response.headers['vary']).toBe('Accept-Encoding, Accept-Language');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('allows exactly its two inline scripts, by their hashes, and no other inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe(
      `script-src 'self' ${sha256('window.booted = true;')} ${sha256('window.laidOut = true;')}`,
    );
    const inline = [...response.body.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual(['window.booted = true;', 'window.laidOut = true;']);
    // Every other page keeps the policy without them.
    const other = await t.app.inject({ method: 'GET', url: '/help', headers: html });
    expect(String(other.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it.each([
    ['fr-FR, en;q=0.5', 'en'],
    ['en-GB;q=0.3, vi;q=0.8', 'vi'],
    [undefined, 'en'],
    ['de, fr', 'en'],
  ])('draws it for Accept-Language %s in %s', async (acceptLanguage, language) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/plans?from=home',
      headers: { ...html, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    });
    expect(response.body).toContain(`<html lang="${language}"`);
    expect(response.body).toContain(`>${language} /plans {} sandbox:true</p>`);
  });

  it('sends it compressed as the browser accepts, and answers a repeat visit with 304', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const br = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const etag = String(plain.headers['etag']);
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the plain shell for every other page, and for a page that could not be drawn', async () => {
    for (const url of ['/help', '/broken']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
    }
  });

  it("draws in a thread of its own, so that the renderer's promise hooks never slow the server", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/plans', headers: html });
    const thread = /data-thread="(\d+)"/.exec(response.body)?.[1];
    expect(thread).toBeDefined();
    expect(Number(thread)).not.toBe(threadId);
    // Every page is drawn (one could not be): the thread has ended.
    await expect.poll(() => liveDrawingThreads()).toBe(0);
  });

  it('still answers a missing API route with the JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: html });
    expect(response.statusCode).toBe(404);
  });
});

describe('putting a prerendered page together', () => {
  it('reads the language a browser asks for first, by preference', () => {
    expect(languageFromAcceptLanguage('vi-VN,vi;q=0.9,en-US;q=0.8')).toBe('vi');
    expect(languageFromAcceptLanguage('fr;q=1, en;q=0.2, vi;q=0.5')).toBe('vi');
    expect(languageFromAcceptLanguage('vi;q=0, en')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });

  it("orders the stylesheets as the app applies them: a chunk's imports before it, the entry's first", () => {
    expect(
      stylesheetOrder({
        main: {
          file: 'm.js',
          isEntry: true,
          imports: ['ui'],
          css: ['m.css'],
          dynamicImports: ['page'],
        },
        ui: { file: 'ui.js', css: ['ui.css'] },
        page: { file: 'p.js', imports: ['ui', 'form'], css: ['p.css'] },
        form: { file: 'f.js', css: ['f.css'] },
      }),
    ).toEqual(['ui.css', 'm.css', 'f.css', 'p.css']);
  });

  it('finds the classes a picture uses', () => {
    expect([...classesIn('<p class="a  b"><span class="c">x</span><i class="">y</i></p>')]).toEqual(
      ['a', 'b', 'c'],
    );
  });

  it('refuses an index.html it cannot put a page into', () => {
    expect(() => shellParts('<html><head></head><body></body></html>')).toThrow(/entry script/);
  });
});
