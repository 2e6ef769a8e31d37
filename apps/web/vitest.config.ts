import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // jsdom tests wait up to 5 s for the UI (asyncUtilTimeout); with two workers on a loaded
    // 2-core CI machine a test's own 5 s default is too close to that wait.
    testTimeout: 20_000,
    // The app's providers start requests that can settle (and log a warning) after a test file
    // ends; an intercepted console then races the worker's shutdown ("Closing rpc while
    // onUserConsoleLog was pending", seen in CI). Logs go straight to the output instead.
    disableConsoleIntercept: true,
    // One jsdom and one module graph per worker, not per file: setting up jsdom and importing
    // React, the router, MSW and its handlers cost about 2 s of CPU per file, most of this suite's
    // time. src/test/setup.ts undoes what a test leaves in the document, storage and history.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: true,
  },
});
