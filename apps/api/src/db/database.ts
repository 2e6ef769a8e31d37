import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from './database-config.ts';
import type { DatabaseDriver } from './migrations/migration-factory.ts';
import { withStatementCache } from './statement-cache.ts';
import type { Tables } from './tables.ts';

export interface Database {
  db: Kysely<Tables>;
  driver: DatabaseDriver;
  /** Where the data lives, for humans: a file path or a URL without its password. */
  location: string;
  /** PostgreSQL schema the tables live in (null on SQLite). */
  schema: string | null;
}

function describePostgres(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  parsed.search = '';
  return `${parsed.toString()} (schema ${schema})`;
}

/** Opens the embedded SQLite file (creating its directory) or a PostgreSQL pool. */
export function openDatabase(
  config: DatabaseConfig,
  log: Pick<FastifyBaseLogger, 'error'>,
): Database {
  if (config.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      // Unqualified names resolve in the configured schema, for tables and migrations alike.
      options: `-c search_path=${config.schema}`,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection emits here; unhandled, it would end the process.
    pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL pool error'));
    return {
      db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }),
      driver: 'postgres',
      location: describePostgres(config.url, config.schema),
      schema: config.schema,
    };
  }

  mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  // SQLite's advice for WAL: a commit is not synced to the disk itself (a checkpoint is), so an
  // application crash loses nothing and the file is never corrupted; only a power cut or an OS
  // crash may lose the last transactions. Every message counted against the quota is a commit,
  // and syncing each one would wait on the disk every time.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own lower() folds ASCII only; searches must match "À" with "à" as PostgreSQL does.
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  return {
    db: new Kysely<Tables>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    }),
    driver: 'sqlite',
    location: config.file,
    schema: null,
  };
}
