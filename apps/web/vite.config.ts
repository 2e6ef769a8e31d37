import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { precompressPlugin } from '@studio/devtools/precompress';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, defineConfig, loadEnv, type InlineConfig, type Plugin } from 'vite';

/** Where the build puts the prerenderer, inside its output folder (see buildPrerenderer). */
const prerendererDir = '.server';
const prerendererFile = 'prerender.js';

/**
 * `VITE_API_MOCKS=msw pnpm dev` runs the SPA against the MSW handlers of src/mocks instead of
 * the API. The service worker script is served from the msw package in development only, so it
 * never ships in a production build.
 */
function serveMswWorkerInDev(): Plugin {
  const workerPath = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return {
    name: 'studio:msw-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        void readFile(workerPath, 'utf8').then((script) => {
          response.setHeader('Content-Type', 'text/javascript');
          response.end(script);
        });
      });
    },
  };
}

/**
 * /auth/callback is MSAL's redirect bridge, a page of its own (auth-callback.html) rather than a
 * route of the app: the API serves it at that path, and so does the dev server.
 */
function serveRedirectBridgeInDev(): Plugin {
  return {
    name: 'studio:redirect-bridge',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://dev.invalid');
        if (url.pathname === '/auth/callback') request.url = `/auth-callback.html${url.search}`;
        next();
      });
    },
  };
}

/**
 * A second build, run once the app's build has closed, into (a folder of) the app's output: its
 * options from the app's output folder. Shared by the redirect bridge and the prerenderer.
 */
function buildAfterApp(name: string, options: (outDir: string) => InlineConfig): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        publicDir: false,
        logLevel: 'warn',
        ...options(outDir),
      });
    },
  };
}

/**
 * Builds the redirect bridge page after the app, as a bundle of its own in the same folder. As a
 * second entry of the app's build it would share chunks with the app (the module runtime, the
 * preload helper), growing the app's first load for a page that never loads with it.
 */
const buildRedirectBridge = () =>
  buildAfterApp('studio:redirect-bridge-build', (outDir) => ({
    build: {
      outDir,
      emptyOutDir: false,
      sourcemap: 'hidden',
      rolldownOptions: {
        input: fileURLToPath(new URL('./auth-callback.html', import.meta.url)),
      },
    },
  }));

/**
 * Builds the prerenderer (src/prerender/render.tsx) after the app: a Node module of its own, with
 * React's server renderer and every dependency inside, in the build's .server folder (a dot
 * folder, which the API never serves). The API loads it when a page is first asked for and draws
 * the pages visitors land on with its runtime configuration. Built from the same sources with
 * the same style plugin, its class names are the app's.
 */
const buildPrerenderer = () =>
  buildAfterApp('studio:prerender-build', (outDir) => ({
    plugins: [react(), vanillaExtractPlugin()],
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: fileURLToPath(new URL('./src/prerender/render.tsx', import.meta.url)),
      outDir: path.join(outDir, prerendererDir),
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      rolldownOptions: {
        output: { entryFileNames: prerendererFile, codeSplitting: false },
      },
    },
  }));

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  // Where `pnpm dev` forwards API calls; the API server serves /config.json too.
  const apiOrigin = env['DEV_API_ORIGIN'] ?? 'http://127.0.0.1:8080';
  // xfwd: the API then sees a forwarded request, not a loopback client, so a dev server that
  // other machines can reach never opens the loopback-only mailbox (/api/dev/mailbox) to them.
  const proxied = { target: apiOrigin, changeOrigin: false, xfwd: true };
  return {
    plugins: [
      react(),
      vanillaExtractPlugin(),
      serveMswWorkerInDev(),
      serveRedirectBridgeInDev(),
      buildRedirectBridge(),
      buildPrerenderer(),
      // Brotli and gzip siblings of every script, stylesheet, page and translation, which the
      // API and nginx send to browsers that accept them: last, after the bridge's build.
      precompressPlugin(),
    ],
    server: {
      proxy: { '/api': proxied, '/config.json': proxied },
    },
    build: {
      // dist/.vite/manifest.json maps every route chunk to its imports: the bundle-size report
      // per route reads it.
      manifest: true,
      // Maps for the size report and debugging; browsers are not pointed at them.
      sourcemap: 'hidden',
      // Every browser the app supports understands <link rel="modulepreload"> (Safari since 17);
      // one that does not still loads the chunks, only without the head start. The polyfill
      // would be part of every visitor's first load.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // The entry lists every lazy chunk's dependencies by file name, and that list is part
          // of every visitor's first load: hashes alone keep it short (the manifest still maps
          // each chunk to its source for the size report).
          chunkFileNames: 'assets/c[hash].js',
          // Stylesheets are listed there too; fonts and images keep their names.
          assetFileNames: (asset) =>
            asset.names.some((name) => name.endsWith('.css'))
              ? 'assets/s[hash][extname]'
              : 'assets/[name]-[hash][extname]',
        },
        treeshake: {
          // The workspace packages only declare things, apart from their styles and theme (the
          // fonts and global CSS): saying so lets a page ship only the components it uses, not
          // the whole design system and every schema.
          moduleSideEffects: [
            { test: /packages\/ui\/src\/theme\//, sideEffects: true },
            { test: /\.css\.ts/, sideEffects: true },
            // The app does not take the design system's optional font (@studio/ui/fonts) for now:
            // with fontsource's font-display: swap it arrives late on a phone and moves the
            // largest paint (LCP 2.5 s to 5.1 s on /plans); it would come back with faces of its
            // own and font-display: optional.
            { test: /packages\/(ui|contracts)\/src\//, sideEffects: false },
          ],
          // Building a zod schema has no side effects: unused contracts drop out with zod itself.
          manualPureFunctions: ['z'],
        },
      },
    },
  };
});
