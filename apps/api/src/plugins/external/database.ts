import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import { type Database, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Tables } from '../../db/tables.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Tables>;
    database: Pick<Database, 'driver' | 'location'>;
  }
}

/** Opens the database, brings its schema up to date, and closes it with the app. */
export const databasePlugin = fp(
  async (app) => {
    const database = openDatabase(app.config.database, app.log);
    try {
      const applied = await migrateToLatest(database);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    } catch (error) {
      await database.db.destroy();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`The database at ${database.location} is not usable: ${reason}`, {
        cause: error,
      });
    }
    app.decorate('db', database.db);
    app.decorate('database', { driver: database.driver, location: database.location });
    app.readiness.add('database', async () => {
      await sql`select 1`.execute(database.db);
    });
    app.addHook('onClose', () => database.db.destroy());
  },
  { name: 'database', dependencies: ['config', 'readiness'] },
);
