import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // One module graph per worker, not per file: importing Fastify, Kysely, the AI SDK and the
    // app's plugins again for every file was half this suite's CPU time (195 s → 96 s of CPU on
    // 2 cores, in CI beside tsc and ESLint). Every file builds its own app on its own database
    // (test/support/test-app.ts) and closes it; the one file that changes process.env (TZ, in
    // payments-vnpay-signing) puts it back.
    isolate: false,
    // Every file builds real apps on SQLite and PostgreSQL; migrations take a moment on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
