import { type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

/**
 * Creates the PostgreSQL schema only when it is missing: CREATE SCHEMA IF NOT EXISTS would
 * still demand the CREATE privilege, which a least-privileged app user may not have. Two
 * processes starting at once may both find it missing: the one whose CREATE fails finds it
 * there on a second look, and goes on (the migrations then wait on Kysely's advisory lock).
 */
async function ensureSchema(db: Database['db'], schema: string): Promise<void> {
  const exists = async () =>
    (await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(db)).rows.length > 0;
  if (await exists()) return;
  try {
    await sql`create schema ${sql.id(schema)}`.execute(db);
  } catch (error) {
    if (!(await exists())) throw error;
  }
}

/** Applies every pending migration; returns the names applied now. Throws on the first failure. */
export async function migrateToLatest({ db, driver, schema }: Database): Promise<string[]> {
  if (schema !== null) await ensureSchema(db, schema);
  const provider: MigrationProvider = {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(migrations).map(([name, factory]) => [name, factory(driver)]),
        ),
      ),
  };
  const migrator = new Migrator({
    db,
    provider,
    // Pin Kysely's own bookkeeping tables to the same schema as ours (PostgreSQL).
    ...(schema === null ? {} : { migrationTableSchema: schema }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined) {
    throw new Error(
      `Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { cause: error },
    );
  }
  return results.filter((result) => result.status === 'Success').map((r) => r.migrationName);
}
