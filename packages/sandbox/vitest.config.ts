import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sandbox',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
