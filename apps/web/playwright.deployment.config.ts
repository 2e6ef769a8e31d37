import { defineConfig } from '@playwright/test';
import { chromiumProjects, chromiumUse } from './e2e/browser';

/**
 * The product as several processes (e2e-deployment): each spec starts its own deployment of the
 * compiled production server (two processes on PostgreSQL, Redis and an S3 server, behind
 * Debian's nginx with deploy/nginx/nginx.conf: apps/api/test/deployment) and drives it in
 * Chromium. One worker: the specs stop, kill and restart the processes they started.
 */
export default defineConfig({
  testDir: 'e2e-deployment',
  outputDir: 'test-results/deployment',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: chromiumUse,
  projects: [...chromiumProjects],
});
