import { defineProject } from 'vitest/config';

/**
 * The compiled production server's test (test/production): it starts the tree that
 * packages/devtools/src/build-production.mjs built, so it runs after that build, never with the
 * API suites (`npm run test:production` builds, then runs it; CI does the same in one step).
 */
export default defineProject({
  test: {
    name: 'api-production',
    environment: 'node',
    include: ['test/production/**/*.prod-test.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
