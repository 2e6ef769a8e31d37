import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';
import { deleteRedisKeys } from './redis.ts';
import { testEnv } from './test-app.ts';

export interface SharedDatabaseApps {
  /** The apps, in the order built; all on one database (and one Redis prefix when given). */
  readonly apps: App[];
}

/**
 * Several apps on ONE database, as several processes of one deployment are: the same
 * DATABASE_URL + DATABASE_SCHEMA on PostgreSQL (built at the same time, so their migrations
 * race as they would at a rolling start), the same data directory on SQLite (built one after
 * the other: SQLite is the one-process default). With REDIS_KEY_PREFIX in `env` they share it
 * too, and its keys are deleted afterwards. `env` may be a function, called before the apps are
 * built (a port known only once something listens). `envOf(index)` adds what differs between
 * the processes (e.g. JOBS_WORKER=false for a web-only one); such an app loads its own
 * configuration, so give it every secret the test relies on.
 */
export function useSharedDatabaseApps(
  kind: DatabaseKind,
  count: number,
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
  options: Omit<BuildOptions, 'logStream'> = {},
  envOf: (index: number) => Record<string, string> = () => ({}),
): SharedDatabaseApps {
  const apps: App[] = [];
  let database: TestDatabase | undefined;
  let scratch: string | undefined;
  let setupError: unknown;
  let redisPrefix: string | undefined;

  beforeAll(async () => {
    const settings = typeof env === 'function' ? await env() : env;
    redisPrefix = settings['REDIS_KEY_PREFIX'];
    try {
      database = await createTestDatabase(kind);
    } catch (error) {
      setupError = error;
      return;
    }
    scratch = await mkdtemp(path.join(tmpdir(), 'studio-api-shared-'));
    const base = { ...testEnv(scratch), ...database.env, ...settings };
    // One configuration for every app without differences: a secret left unset is random per
    // load (a sandbox's signing key), and processes of one deployment share theirs.
    const sharedConfig = loadConfig(base);
    const build = async (index: number) => {
      const extra = envOf(index);
      const config =
        Object.keys(extra).length === 0 ? sharedConfig : loadConfig({ ...base, ...extra });
      const app = await buildApp(config, { ...options, logStream: { write: () => {} } });
      await app.ready();
      return app;
    };
    const built =
      kind === 'postgres'
        ? await Promise.allSettled(Array.from({ length: count }, (_, index) => build(index)))
        : [];
    if (kind === 'sqlite') {
      for (let index = 0; index < count; index += 1) {
        built.push(...(await Promise.allSettled([build(index)])));
      }
    }
    for (const result of built) {
      if (result.status === 'fulfilled') apps.push(result.value);
      else setupError ??= result.reason;
    }
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.drop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
    if (redisPrefix !== undefined) await deleteRedisKeys(redisPrefix);
  });

  return {
    get apps() {
      if (setupError) throw setupError;
      if (apps.length < count)
        throw new Error('The apps are built in beforeAll; use them in a test.');
      return apps;
    },
  };
}
