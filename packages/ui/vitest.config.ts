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
    // One jsdom and one module graph per worker, not per file: setting up jsdom and importing
    // React, Testing Library and the setup file cost about 1.5 s of CPU per file, which was most of
    // this suite's time (72 s → 18 s). The setup file cleans the DOM and storage after each test,
    // and the components keep no module-level state.
    isolate: false,
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: true,
  },
});
