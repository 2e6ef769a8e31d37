import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { createDatabaseQuotaCounter, type QuotaCounter } from './quota-counter.ts';
import { createRedisQuotaCounter } from './redis-quota-counter.ts';
import { createUsageRepository } from './usage.repository.ts';

/** Redis when configured (app.redis), else the database: every quota of the app counts there. */
export function createQuotaCounter({
  db,
  redis,
}: {
  db: Kysely<Tables>;
  redis: { client: Redis; keyPrefix: string } | null;
}): QuotaCounter {
  return redis
    ? createRedisQuotaCounter(redis)
    : createDatabaseQuotaCounter(createUsageRepository(db));
}
