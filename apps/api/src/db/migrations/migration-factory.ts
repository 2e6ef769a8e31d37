import type { Migration } from 'kysely';

export type DatabaseDriver = 'sqlite' | 'postgres';

/**
 * A migration written once for both databases; the few types that differ (timestamps) are
 * chosen from the driver it runs on. Its own module, so that the migrations and the list of them
 * (index.ts) both import it and neither imports the other.
 */
export type MigrationFactory = (driver: DatabaseDriver) => Migration;
