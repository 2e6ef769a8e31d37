import { readFileSync } from 'node:fs';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';

/**
 * @studio/ui as a package other products install (`pnpm run build:package`): ES modules, one per
 * source module so a bundler keeps only the components a page uses, and the styles vanilla-extract
 * computes at build time in one static stylesheet (dist/style.css), so a consumer needs no
 * vanilla-extract plugin. Dependencies and peers stay imports. The types come from tsc
 * (tsconfig.build.json). Inside this workspace the app and Storybook read the sources.
 */
const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const external = [
  ...Object.keys(manifest.dependencies),
  ...Object.keys(manifest.peerDependencies),
].map((name) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}(/.*)?$`));

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // A library is minified by the product that bundles it; readable code here is easier to debug.
    minify: false,
    cssCodeSplit: false,
    copyPublicDir: false,
    lib: {
      entry: { index: 'src/index.ts', fonts: 'src/fonts.ts' },
      formats: ['es'],
      cssFileName: 'style',
    },
    rolldownOptions: {
      external,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
});
