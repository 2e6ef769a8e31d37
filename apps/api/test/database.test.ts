import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases.ts';

const silentLog = { error: () => {} };

describe.each(databaseKinds)('migrations on %s', (kind) => {
  let database: TestDatabase | undefined;
  let setupError: unknown;
  beforeAll(async () => {
    database = await createTestDatabase(kind).catch((error: unknown) => {
      setupError = error;
      return undefined;
    });
  });
  afterAll(() => database?.drop());

  it('apply every migration once, and nothing on the next start', async () => {
    if (!database) throw setupError;
    const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent' }).database;

    const first = openDatabase(config, silentLog);
    expect(first.driver).toBe(kind);
    expect(await migrateToLatest(first)).toEqual(Object.keys(migrations));
    await first.db
      .insertInto('contact_messages')
      .values({
        id: 'kept',
        name: 'An',
        email: 'an@example.com',
        subject: 'Hi',
        message: 'Still here after a restart?',
        language: 'en',
        created_at: new Date().toISOString(),
      })
      .execute();
    await first.db.destroy();

    const second = openDatabase(config, silentLog);
    expect(await migrateToLatest(second)).toEqual([]);
    const rows = await second.db.selectFrom('contact_messages').select('id').execute();
    expect(rows).toEqual([{ id: 'kept' }]);
    await second.db.destroy();
  });
});
