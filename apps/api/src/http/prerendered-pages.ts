import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { languageCodes, type LanguageCode, type RuntimeConfig } from '@studio/contracts';
import { startDrawingThread } from './prerender-host.ts';

/**
 * The pages visitors land on, prerendered: their first screen drawn by the web app's own
 * components on the server (apps/web/src/prerender/render.tsx, built into the web build's
 * .server folder) and served as the page's HTML with the styles it uses inline. A phone shows
 * the page as soon as the HTML arrives, before any script has loaded or run, and the app
 * replaces the picture once its own first screen is ready. Each page is drawn once per
 * language, at start-up or on its first request, with this server's runtime configuration and
 * its own answers to the page's first requests, in a thread of its own (prerender-thread.ts says
 * why) that ends once every page is drawn.
 */

/** Answers a GET of the API as it would answer a visitor (the server asks itself): the body, or null. */
export type AskAsVisitor = (path: string, language: LanguageCode) => Promise<unknown>;

export const prerendererPath = path.join('.server', 'prerender.js');

/** A drawn page, ready to send in each encoding a browser may ask for. */
export interface PrerenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** Its inline scripts' hashes, for its Content-Security-Policy. */
  scriptHashes: string[];
}

export interface PrerenderedPages {
  /**
   * The drawn page at `pathname`, or null: not a page the server draws, or not drawn yet (the
   * first ask starts it) or could not be. Null means the plain shell.
   */
  page(pathname: string, language: LanguageCode): PrerenderedPage | null;
  /** Draws every page in every language (at start-up); resolves when all are done. */
  warm(): Promise<void>;
}

interface Logger {
  warn(details: object, message: string): void;
}

/**
 * The interface language a browser asks for with Accept-Language, the way the app decides from
 * the browser's setting (its detectLanguage): the supported language it names first, by
 * preference; null when it names neither.
 */
export function languageFromAcceptLanguage(header: string | undefined): LanguageCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters
        .map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0]?.toLowerCase();
    const supported = languageCodes.find((code) => code === base);
    if (supported) return supported;
  }
  return null;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * Every stylesheet of the build in the order the app would apply them: a chunk's imports before
 * the chunk, the entry's graph first, then the lazily loaded chunks in the order they are found.
 */
export function stylesheetOrder(manifest: Record<string, ManifestChunk>): string[] {
  const order: string[] = [];
  const visited = new Set<string>();
  const lazy: string[] = [];
  const visit = (key: string) => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of chunk.css ?? []) if (!order.includes(file)) order.push(file);
    lazy.push(...(chunk.dynamicImports ?? []));
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  while (lazy.length > 0) visit(lazy.shift() as string);
  return order;
}

const classAttribute = /\sclass="([^"]*)"/g;
const classSelector = /\.(-?[_a-zA-Z][\w-]*)/g;

/** The class names the markup uses. */
export function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list = ''] of markup.matchAll(classAttribute)) {
    for (const name of list.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Whether a stylesheet has a rule for any of the classes. */
function styles(css: string, classes: Set<string>): boolean {
  for (const [, name = ''] of css.matchAll(classSelector)) if (classes.has(name)) return true;
  return false;
}

/**
 * Hides the picture when the boot script found it is not this browser's page, and keeps the app
 * laid out (its measurements right) but unseen under the picture until the hand-off.
 */
const pictureRules =
  'html[data-prerendered=off] #prerendered{display:none}' +
  'html:not([data-prerendered=off]) #prerendered~#root' +
  '{position:absolute;top:0;left:0;right:0;visibility:hidden;pointer-events:none}';

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const stylesheetLink = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;

export interface ShellParts {
  /** index.html without its stylesheet links, its entry script, lang and root. */
  template: (parts: { language: LanguageCode; head: string; body: string }) => string;
  /** The stylesheets index.html links (always on the page). */
  entryStylesheets: string[];
  entry: string;
}

/** Takes the built index.html apart where the drawn page goes in. */
export function shellParts(indexHtml: string): ShellParts {
  const entry = entryScript.exec(indexHtml)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const entryStylesheets = [...indexHtml.matchAll(stylesheetLink)].map((match) => match[1] ?? '');
  const stripped = indexHtml.replace(entryScript, '').replace(stylesheetLink, '');
  if (!stripped.includes('<div id="root"></div>') || !stripped.includes('</head>')) {
    throw new Error('index.html has no #root or no </head>');
  }
  return {
    entry,
    entryStylesheets,
    template: ({ language, head, body }) =>
      stripped
        .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
        .replace('</head>', `${head}</head>`)
        .replace('<div id="root"></div>', `${body}<div id="root"></div>`),
  };
}

/** The hash a Content-Security-Policy allows an inline script by. */
export function scriptHashOf(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The page in each encoding, compressed off the event loop (libuv's thread pool). */
async function encoded(html: string): Promise<Omit<PrerenderedPage, 'scriptHashes'>> {
  const buffer = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(buffer, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }),
    gzipped(buffer, { level: 9 }),
  ]);
  return {
    html: buffer,
    br,
    gzip: gz,
    etag: `"fs-${createHash('sha256').update(buffer).digest('base64url').slice(0, 22)}"`,
  };
}

/** What drawing needs, read from the build once: the renderer, the shell, the stylesheets. */
interface Drawing {
  paths: Set<string>;
  draw(pathname: string, language: LanguageCode): Promise<PrerenderedPage>;
  /** Ends the renderer's thread: every page is drawn. */
  close(): Promise<void>;
}

async function loadDrawing(
  distDir: string,
  config: RuntimeConfig,
  ask: AskAsVisitor,
): Promise<Drawing> {
  const shell = shellParts(await readFile(path.join(distDir, 'index.html'), 'utf8'));
  const manifest = JSON.parse(
    await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const built = new Set(await readdir(path.join(distDir, 'assets')));
  const stylesheets = await Promise.all(
    [...new Set([...shell.entryStylesheets, ...stylesheetOrder(manifest)])]
      .filter((file) => built.has(path.basename(file)))
      .map(async (file) => ({
        file,
        entry: shell.entryStylesheets.includes(file),
        css: await readFile(path.join(distDir, file), 'utf8'),
      })),
  );
  const renderer = await startDrawingThread(path.join(distDir, prerendererPath));
  const { boot: bootScript, layout: layoutScript } = renderer.scripts;
  const scriptHashes = [scriptHashOf(bootScript), scriptHashOf(layoutScript)];
  // The inlined stylesheets of lazily loaded parts are also linked, disabled: the app's loader
  // (Vite's preload helper) finds them there and does not add them again as it starts (each a
  // new stylesheet to fetch, parse and apply to the whole page: a long task on a phone). A
  // disabled stylesheet link is never fetched nor applied; its rules are in the <style>.
  const head = (css: string, lazyStylesheets: string[]) =>
    `<style>${css}${pictureRules}</style>` +
    `<link rel="modulepreload" crossorigin href="${shell.entry}" data-app-entry>` +
    lazyStylesheets
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled>`)
      .join('') +
    `<script>${bootScript}</script>`;

  return {
    paths: new Set(renderer.paths),
    async draw(pathname, language) {
      const answers: Record<string, unknown> = {};
      for (const request of renderer.requestsOf(pathname)) {
        const body = await ask(request.path, language);
        if (body !== null) answers[request.endpoint] = body;
      }
      const html = await renderer.draw(pathname, language, config, answers);
      const classes = classesIn(html);
      // The index's own stylesheets always (the app counts on them), and those of the lazily
      // loaded parts the picture uses, in the app's order; the app finds those linked.
      const used = stylesheets.filter((sheet) => sheet.entry || styles(sheet.css, classes));
      const lazyStylesheets = used.filter((sheet) => !sheet.entry).map((sheet) => sheet.file);
      const css = used.map((sheet) => sheet.css).join('');
      const page = shell.template({ language, head: head(css, lazyStylesheets), body: html });
      return { ...(await encoded(page)), scriptHashes };
    },
    close: () => renderer.close(),
  };
}

/**
 * The prerendered pages of the web build in `distDir`, or null when the build has no
 * prerenderer (then every page is the plain shell). Nothing is read or loaded until a page is
 * first asked for or warm() runs: the renderer is a large module, and a server that only answers
 * the API (or a test) never needs it.
 */
export function prerenderedPagesOf(options: {
  distDir: string;
  config: RuntimeConfig;
  ask: AskAsVisitor;
  log: Logger;
}): PrerenderedPages | null {
  const { distDir, config, ask, log } = options;
  const rendererFile = path.join(distDir, prerendererPath);
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(rendererFile) || !existsSync(manifestFile)) return null;

  let loaded: Drawing | null = null;
  let loading: Promise<Drawing | null> | null = null;
  const load = () =>
    (loading ??= loadDrawing(distDir, config, ask).then(
      (drawing) => (loaded = drawing),
      (error: unknown) => {
        log.warn(
          { err: error, distDir },
          'loading the prerenderer failed: pages are drawn in the browser only',
        );
        return null;
      },
    ));

  const pages = new Map<string, Promise<PrerenderedPage | null>>();
  const ready = new Map<string, PrerenderedPage>();
  let settled = 0;
  const drawOnce = (drawing: Drawing, pathname: string, language: LanguageCode) => {
    const key = `${language}:${pathname}`;
    let page = pages.get(key);
    if (!page) {
      page = drawing
        .draw(pathname, language)
        .then(
          (drawn) => {
            ready.set(key, drawn);
            return drawn;
          },
          (error: unknown) => {
            // The plain shell goes out instead; the message names the page, never a request.
            log.warn({ err: error, pathname, language }, 'drawing a prerendered page failed');
            return null;
          },
        )
        .finally(() => {
          // Each page is drawn once: with the last, the thread has nothing more to do.
          settled += 1;
          if (settled === drawing.paths.size * languageCodes.length) void drawing.close();
        });
      pages.set(key, page);
    }
    return page;
  };

  return {
    page(pathname, language) {
      if (!loaded) {
        void load();
        return null;
      }
      if (!loaded.paths.has(pathname)) return null;
      const page = ready.get(`${language}:${pathname}`);
      if (!page) void drawOnce(loaded, pathname, language);
      return page ?? null;
    },
    async warm() {
      const drawing = await load();
      if (!drawing) return;
      // One after another, so that drawing and compressing never crowd the server's start.
      for (const pathname of drawing.paths) {
        for (const language of languageCodes) await drawOnce(drawing, pathname, language);
      }
    },
  };
}
