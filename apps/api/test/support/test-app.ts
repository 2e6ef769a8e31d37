import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';

export const testCsrfSecret = 'test-csrf-secret-9f2c4e7a1b3d5f60817263a4b5c6d7e8';
export const testAuthSecret = 'test-auth-secret-0a1b2c3d4e5f60718293a4b5c6d7e8f9';

/** What every test app's configuration starts from, with its files under `scratch`. */
export function testEnv(scratch: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CSRF_SECRET: testCsrfSecret,
    AUTH_SECRET: testAuthSecret,
    // No built SPA unless a test provides one, whatever is in apps/web/dist.
    WEB_DIST_DIR: path.join(scratch, 'no-dist'),
    LOCALES_DIR: path.join(scratch, 'no-locales'),
    // Files the app keeps (uploads) stay with this test app, never in the repository's .data
    // (a SQLite database's own DATA_DIR takes precedence).
    DATA_DIR: path.join(scratch, 'data'),
    GEOLOCATION_SERVICES: 'https://geo.example/json/{ip}',
    RATE_LIMIT_FORMS_MAX: '1000',
    // A test app's close does not wait for replies left running (a client that went away no
    // longer stops its reply): they are ended as a shutdown ends them, at once.
    SHUTDOWN_GRACE_SECONDS: '0',
  };
}

export interface TestApp {
  readonly app: App;
  /** Every JSON log line the app wrote (LOG_LEVEL decides how many). */
  readonly logs: string[];
}

/**
 * Builds a real app on a fresh database of the given kind before the tests of the enclosing
 * describe, and closes it and drops the database after them. `env` overrides the defaults;
 * `options` are handed to buildApp (a test clock, test identity keys).
 */
export function useTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'logStream'> = {},
): TestApp {
  let app: App | undefined;
  let database: TestDatabase | undefined;
  let scratch: string | undefined;
  let setupError: unknown;
  const logs: string[] = [];

  beforeAll(async () => {
    try {
      database = await createTestDatabase(kind);
    } catch (error) {
      // Each test then fails with this message (an unreachable PostgreSQL is a failure, not a skip).
      setupError = error;
      return;
    }
    scratch = await mkdtemp(path.join(tmpdir(), 'studio-api-scratch-'));
    const config = loadConfig({ ...testEnv(scratch), ...database.env, ...env });
    app = await buildApp(config, {
      ...options,
      logStream: { write: (line) => void logs.push(line) },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    // A file written by a request's last step can still be landing as the app closes (seen once
    // in CI: ENOTEMPTY on data/files/users): rm retries, as Node does for that race.
    if (scratch)
      await rm(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  return {
    get app() {
      if (setupError) throw setupError;
      if (!app) throw new Error('The test app is built in beforeAll; use it inside a test.');
      return app;
    },
    logs,
  };
}

/** The XSRF-TOKEN cookie the app issues on a GET. */
export async function fetchCsrfToken(app: App): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('GET /api/health issued no XSRF-TOKEN cookie');
  return cookie.value;
}
