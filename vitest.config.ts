import { defineConfig } from 'vitest/config';

// One run over every package's own Vitest project (each package keeps its own config).
export default defineConfig({
  test: {
    projects: ['tokens', 'packages/*', 'apps/*'],
  },
});
