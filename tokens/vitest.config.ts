import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'tokens', environment: 'node', include: ['src/**/*.test.ts'] },
});
