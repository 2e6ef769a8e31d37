import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { preparedQuery } from '../src/db/prepared-query.ts';
import { createUsageRepository } from '../src/domains/usage/usage.repository.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases.ts';

describe.each(databaseKinds)('a prepared query on %s', (kind) => {
  let database: TestDatabase | undefined;
  let opened: Database | undefined;
  let setupError: unknown;
  beforeAll(async () => {
    try {
      database = await createTestDatabase(kind);
      const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent' }).database;
      opened = openDatabase(config, { error: () => {} });
      await migrateToLatest(opened);
    } catch (error) {
      setupError = error;
    }
  });
  afterAll(async () => {
    await opened?.db.destroy();
    await database?.drop();
  });
  const db = () => {
    if (!opened) throw setupError;
    return opened.db;
  };

  it('runs with each call’s values, the same value in two places included', async () => {
    const bump = preparedQuery(db(), ['subject', 'by'], (values: { subject: string; by: number }) =>
      db()
        .insertInto('chat_usage')
        .values({ subject: values.subject, day: '2026-11-29', messages: values.by })
        .onConflict((conflict) =>
          conflict.columns(['subject', 'day']).doUpdateSet((eb) => ({
            messages: eb('chat_usage.messages', '+', values.by),
          })),
        )
        .returning('messages'),
    );
    expect((await bump({ subject: 'a', by: 2 })).rows).toEqual([{ messages: 2 }]);
    expect((await bump({ subject: 'a', by: 3 })).rows).toEqual([{ messages: 5 }]);
    expect((await bump({ subject: 'b', by: 7 })).rows).toEqual([{ messages: 7 }]);
  });

  it('refuses a value that never reaches the query as one', () => {
    expect(() =>
      preparedQuery(db(), ['limit'], (values: { limit: number }) =>
        // Computed with: the stand-in would be compared, not bound.
        db()
          .selectFrom('chat_usage')
          .select('messages')
          .limit(values.limit > 0 ? 1 : 2),
      ),
    ).toThrow('limit never reached the query as a value');
  });

  it('counts the daily quota all or none at its limit, as before', async () => {
    const usage = createUsageRepository(db());
    expect(await usage.take('quota-subject', '2026-11-29', 3, 2)).toBe(true);
    expect(await usage.take('quota-subject', '2026-11-29', 3, 2)).toBe(false);
    expect(await usage.take('quota-subject', '2026-11-29', 3, 1)).toBe(true);
    expect(await usage.take('quota-subject', '2026-11-29', 3, 1)).toBe(false);
    expect(await usage.count('quota-subject', '2026-11-29')).toBe(3);
    expect(await usage.take('quota-subject', '2026-11-30', 3, 4)).toBe(false);
  });
});
