import { defineConfig } from '@playwright/test';
import { chromiumProjects, chromiumUse } from './e2e/browser';
import { e2eServer } from './e2e/server';

/**
 * End-to-end tests in Chromium against the real server: the built SPA served by the API on an
 * embedded SQLite database in a fresh data directory (see e2e/server.ts). Never downloads a browser.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: { ...chromiumUse, baseURL: e2eServer.url },
  projects: [...chromiumProjects],
  webServer: {
    command: `node e2e/start-server.mjs`,
    url: e2eServer.healthUrl,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: e2eServer.env,
  },
});
