import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'devtools', environment: 'node', include: ['src/**/*.test.{ts,mjs}'] },
});
