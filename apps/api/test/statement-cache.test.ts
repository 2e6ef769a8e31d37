import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/statement-cache.ts';

describe('withStatementCache', () => {
  const opened: SQLite.Database[] = [];
  const open = () => {
    const database = new SQLite(':memory:');
    opened.push(database);
    database.exec('create table t (n integer)');
    return database;
  };
  afterEach(() => {
    for (const database of opened.splice(0)) if (database.open) database.close();
  });

  it('compiles a text once and gives the same statement again', () => {
    const database = open();
    const cached = withStatementCache(database);
    const first = cached.prepare('select n from t where n = ?');
    expect(cached.prepare('select n from t where n = ?')).toBe(first);
    expect(cached.prepare('select n from t where n > ?')).not.toBe(first);
  });

  it('gives a fresh statement while the kept one is still iterating rows', () => {
    const database = open();
    database.exec('insert into t values (1), (2)');
    const cached = withStatementCache(database);
    const kept = cached.prepare('select n from t');
    const rows = kept.iterate([]);
    rows.next();
    const other = cached.prepare('select n from t');
    expect(other).not.toBe(kept);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    expect(cached.prepare('select n from t')).toBe(kept);
  });

  it('keeps the most recently used texts up to its limit', () => {
    const database = open();
    const cached = withStatementCache(database, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 3');
    // "select 2" was the least recently used: it went; "select 1" stayed.
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('runs Kysely queries right across a schema change', async () => {
    const database = open();
    const db = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await db.insertInto('t').values({ n: 1 }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ n: 1 }]);
    await sql`alter table t add column m integer default 7`.execute(db);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ n: 1, m: 7 }]);
    await db.destroy();
    expect(database.open).toBe(false);
  });
});
