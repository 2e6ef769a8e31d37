import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from '@studio/devtools/chromium';
import { e2eServer } from './e2e/server';

const executablePath = findChromium();

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
  use: {
    baseURL: e2eServer.url,
    locale: 'en-US',
    trace: 'off',
    launchOptions: {
      args: chromiumArgs,
      ...(executablePath ? { executablePath } : {}),
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
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
