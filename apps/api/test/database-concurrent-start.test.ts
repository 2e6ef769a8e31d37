import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { runSchemaPrefix, skipPostgres, testDatabaseUrl } from './support/databases.ts';

const silentLog = { error: () => {} };

describe.skipIf(skipPostgres)('several processes starting at once on PostgreSQL', () => {
  it('create the missing schema and apply every migration exactly once between them', async () => {
    // Not created here: the processes find it missing and race to create it.
    const schema = `${runSchemaPrefix(inject('pgTestRun'))}start_${randomBytes(4).toString('hex')}`;
    const config = loadConfig({
      DATABASE_URL: testDatabaseUrl,
      DATABASE_SCHEMA: schema,
      LOG_LEVEL: 'silent',
    }).database;
    const processes = Array.from({ length: 3 }, () => openDatabase(config, silentLog));
    try {
      const applied = await Promise.all(processes.map((database) => migrateToLatest(database)));
      expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
      const [first] = processes;
      if (!first) throw new Error('no process');
      const recorded = await sql<{ count: string }>`
        select count(*) as count from ${sql.table(`${schema}.kysely_migration`)}`.execute(first.db);
      expect(Number(recorded.rows[0]?.count)).toBe(Object.keys(migrations).length);
    } finally {
      await Promise.all(processes.map((database) => database.db.destroy()));
    }
  });
});
