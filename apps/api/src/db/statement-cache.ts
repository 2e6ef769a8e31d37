import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** What the cache needs of a better-sqlite3 database and its statements. */
interface PreparingDatabase {
  prepare(sql: string): SqliteStatement & { readonly busy: boolean };
  close(): void;
}

/**
 * The SQLite database as Kysely sees it, with its compiled statements kept: Kysely prepares every
 * query's SQL afresh, and compiling it again was the largest part of a visitor's quota check
 * (about a tenth of the API's busy time while 200 replies started at once, measured with
 * `npm run bench:chat-load`). The application's queries are a fixed set of texts (values are
 * bound, never spliced in), so the `limit` most recently used are kept. A statement still
 * iterating rows (a streamed query) is busy and cannot run again until done: such a text gets a
 * fresh statement. SQLite itself compiles a kept statement again if the schema changed.
 */
export function withStatementCache(database: PreparingDatabase, limit = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement & { readonly busy: boolean }>();
  return {
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last: a Map keeps insertion order, so the first key is the oldest.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > limit) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
