import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    // jsdom tests wait up to 5 s for the UI (asyncUtilTimeout); with two workers on a loaded
    // 2-core CI machine a test's own 5 s default is too close to that wait.
    testTimeout: 20_000,
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: true,
  },
});
