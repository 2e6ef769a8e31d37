import type { UsageRepository } from './usage.repository.ts';

/** What one count is of: a meter (chat, images…), a subject (a user or a visitor) and a UTC day. */
export interface QuotaKey {
  meter: string;
  /**
   * `user:<id>`, `visitor:<hashed address>` or `visitor:<hashed visitor key>`: never an address,
   * a key or an email.
   */
  subject: string;
  /** YYYY-MM-DD. */
  day: string;
}

/**
 * Where daily quotas are counted: the database by default, Redis when REDIS_URL is set (see
 * redis-quota-counter.ts). Either is shared by every process of a deployment, and both take
 * atomically: of concurrent requests at most `limit` are counted.
 */
export interface QuotaCounter {
  /**
   * Counts `count` units (one by default) unless that would pass `limit`: all of them or none,
   * in one step (dictation takes a recording's seconds at once). True when counted.
   */
  take(key: QuotaKey, limit: number, count?: number): Promise<boolean>;
  /** Gives `count` units back (one by default; never below zero). */
  release(key: QuotaKey, count?: number): Promise<void>;
  /** How many units are counted now (a tool shows what is left today). */
  used(key: QuotaKey): Promise<number>;
}

/**
 * The database counter (chat_usage). Chat's rows keep the subject alone, as they did before
 * meters existed; other meters prefix theirs (`images:user:<id>`).
 */
export function createDatabaseQuotaCounter(repository: UsageRepository): QuotaCounter {
  const subjectOf = ({ meter, subject }: QuotaKey) =>
    meter === 'chat' ? subject : `${meter}:${subject}`;
  return {
    take: (key, limit, count = 1) => repository.take(subjectOf(key), key.day, limit, count),
    release: (key, count = 1) => repository.release(subjectOf(key), key.day, count),
    used: (key) => repository.count(subjectOf(key), key.day),
  };
}
