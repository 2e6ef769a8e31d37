import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Every file builds real apps on SQLite and PostgreSQL; migrations take a moment on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
