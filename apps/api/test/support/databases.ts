import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
  drop(): Promise<void>;
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
  const schema = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient((client) => client.query(`create schema "${schema}"`));
  return {
    env: { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema },
    drop: () =>
      withClient((client) => client.query(`drop schema "${schema}" cascade`)).then(() => {}),
  };
}
