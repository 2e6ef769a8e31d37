import { createRequire } from 'node:module';
import path from 'node:path';
import { e2eServer } from './server';

/** The slice of better-sqlite3 the tests use (it is the API's dependency; we borrow it). */
interface Statement {
  get(...params: unknown[]): Record<string, unknown> | undefined;
  run(...params: unknown[]): unknown;
}
interface Database {
  prepare(sql: string): Statement;
  pragma(setting: string): unknown;
  close(): void;
}
type DatabaseConstructor = new (file: string, options?: { readonly?: boolean }) => Database;

const requireFromApi = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'));
const Sqlite = requireFromApi('better-sqlite3') as DatabaseConstructor;

/** Reads one row from the server's embedded database (read-only, so the server is undisturbed). */
export function queryOne(sql: string, ...params: unknown[]): Record<string, unknown> | undefined {
  const db = new Sqlite(e2eServer.databaseFile, { readonly: true });
  try {
    return db.prepare(sql).get(...params);
  } finally {
    db.close();
  }
}

/** Runs one writing statement on the server's database (a test's own setup, e.g. today's usage). */
export function execute(sql: string, ...params: unknown[]): void {
  const db = new Sqlite(e2eServer.databaseFile);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}
