import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * The API suites run on both databases. PostgreSQL comes from TEST_DATABASE_URL (CI: the
 * machine's server). If it is unreachable the PostgreSQL suites FAIL, unless the developer
 * explicitly opts out with SKIP_POSTGRES_TESTS=1 (a laptop without PostgreSQL; CI never sets it).
 */
export const testDatabaseUrl =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const skipPostgres = process.env['SKIP_POSTGRES_TESTS'] === '1';

export type DatabaseKind = 'sqlite' | 'postgres';
export const databaseKinds: DatabaseKind[] = skipPostgres ? ['sqlite'] : ['sqlite', 'postgres'];

export interface TestDatabase {
  /** Environment variables that point the app at this database. */
  env: Record<string, string>;
  /**
   * Removes a SQLite data directory. PostgreSQL schemas stay until the whole run ends
   * (test/global-setup.ts): Kysely's migrator reads the catalogue of every schema, and a schema
   * dropped by another worker in the middle of that read failed it ("schema … does not exist").
   */
  drop(): Promise<void>;
}

/** Every schema of one test run starts with this, so the run's teardown finds them all. */
export function runSchemaPrefix(run: string): string {
  return `api_test_${run}_`;
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: testDatabaseUrl,
    connectionTimeoutMillis: 5_000,
  });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${withoutPassword(testDatabaseUrl)} (${
        error instanceof Error ? error.message : String(error)
      }). Start it (e.g. pg_ctlcluster --skip-systemctl-redirect 15 main start), point TEST_DATABASE_URL at one, or set SKIP_POSTGRES_TESTS=1 to run only the SQLite suites on this machine.`,
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database: a temporary data directory, or a schema of its own on PostgreSQL. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'studio-api-test-'));
    return {
      env: { DATA_DIR: dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `${runSchemaPrefix(inject('pgTestRun'))}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient((client) => client.query(`create schema "${schema}"`));
  return {
    env: { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema },
    drop: () => Promise.resolve(),
  };
}

/** Drops every schema a run created (its global teardown, once no worker uses them). */
export async function dropRunSchemas(run: string): Promise<void> {
  await withClient(async (client) => {
    const found = await client.query<{ name: string }>(
      'select nspname as name from pg_namespace where starts_with(nspname, $1)',
      [runSchemaPrefix(run)],
    );
    for (const { name } of found.rows) await client.query(`drop schema "${name}" cascade`);
  });
}
