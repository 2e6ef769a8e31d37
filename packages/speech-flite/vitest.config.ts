import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'speech-flite',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
