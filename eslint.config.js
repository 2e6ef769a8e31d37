import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// import-x zones are relative to the repository, wherever ESLint runs from (each package also
// lints itself with `eslint .`).
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

const webFeatureZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message:
      'A feature does not import another one: move what both need to src/lib or src/components, or compose them in src/app.',
  })),
  {
    target: ['./apps/web/src/lib', './apps/web/src/components'],
    from: './apps/web/src/features',
    message: 'src/lib and src/components are beneath the features and import none.',
  },
];
const webAppZone = {
  target: ['./apps/web/src/features', './apps/web/src/lib', './apps/web/src/components'],
  from: './apps/web/src/app',
  message:
    'src/app composes the features; they read what they need from src/lib (their stories and tests, the harness in src/testing).',
};
/** The stories' and tests' harness (src/testing) is for stories and tests only. */
const webTestingZone = {
  target: [
    './apps/web/src/features',
    './apps/web/src/lib',
    './apps/web/src/components',
    './apps/web/src/app',
  ],
  from: './apps/web/src/testing',
  message: 'src/testing is the harness of stories and tests: the app never loads it.',
};
const webTestFiles = ['apps/web/src/**/*.stories.tsx', 'apps/web/src/**/*.test.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      'coverage/**',
      '.storybook/public/**',
      '**/__image_snapshots__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  jsxA11y.flatConfigs.strict,
  reactHooks.configs.flat['recommended-latest'],
  ...storybook.configs['flat/recommended'],
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Labels often wrap their text in a couple of styled spans.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          // Six themes: every colour is a role from the contract, never a literal.
          selector: 'Literal[value=/^#[0-9a-fA-F]{3,8}$/]',
          message: 'Use a colour role from the theme contract (colorVars), not a literal colour.',
        },
      ],
    },
  },
  {
    // Resolves import paths for the import-x rules below (layer and feature boundaries).
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] }),
      ],
    },
  },
  {
    // The API's layers point one way: app.ts and server.ts compose plugins and routes, which use
    // the domains; the domains and the plumbing beneath them (db, mail, security, http) never
    // import what composes them, nor the configuration assembler (each domain owns its part).
    // Cycles are checked separately by `npm run check:cycles` (madge), which CI runs with lint.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repoRoot,
          zones: [
            {
              target: [
                './apps/api/src/domains',
                './apps/api/src/db',
                './apps/api/src/mail',
                './apps/api/src/security',
                './apps/api/src/http',
                './apps/api/src/storage',
              ],
              from: [
                './apps/api/src/app.ts',
                './apps/api/src/server.ts',
                './apps/api/src/plugins',
                './apps/api/src/routes',
                './apps/api/src/cli',
                './apps/api/src/config.ts',
                './apps/api/src/config',
              ],
              message: 'A lower layer of the API does not import what composes it.',
            },
            {
              // Every tool depends on the provider layer (domains/providers/index.ts), so the
              // layer depends on none of them: a tool's folder is never where a provider lives.
              target: './apps/api/src/domains/providers',
              from: './apps/api/src/domains',
              except: ['./providers'],
              message: 'The provider layer depends on no tool domain; the tools depend on it.',
            },
            {
              target: './apps/api/src/plugins',
              from: ['./apps/api/src/app.ts', './apps/api/src/server.ts', './apps/api/src/routes'],
              message: 'Plugins are registered by app.ts and used by routes, never the reverse.',
            },
            {
              target: './apps/api/src/routes',
              from: ['./apps/api/src/app.ts', './apps/api/src/server.ts'],
              message: 'Routes take FastifyInstance, not the built app type.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every multipart route registers its parser and reads its body through one module, so a
    // malformed body is the same 400 on each of them (issue 22 §8), never a parser's 500.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/http/multipart-form.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@fastify/multipart',
              message:
                'Use registerMultipartForm and readMultipartForm (src/http/multipart-form.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's features never import each other (style.md item 7): what two of them need
    // lives in src/lib or src/components, or src/app composes them. lib and components import
    // no feature. One zone per feature, so a new feature folder is covered without an edit.
    // Nor do features, lib and components import src/app, which composes them; nor their stories
    // and tests, which take the app's providers from the harness in src/testing (storybook.tsx,
    // testApp.tsx), the one place that composes the app for them.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: webTestFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: repoRoot, zones: [...webFeatureZones, webAppZone, webTestingZone] },
      ],
    },
  },
  {
    files: webTestFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: repoRoot, zones: [...webFeatureZones, webAppZone] },
      ],
    },
  },
  {
    // Tokens are where literal colours live.
    files: ['tokens/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
