import { type Kysely, sql } from 'kysely';
import type { Tables } from '../../db/tables.ts';

export interface DatabaseCheck {
  ok: boolean;
  latencyMs: number | null;
}

/** A round trip to the database, bounded so a hung connection cannot hang the health check. */
export async function pingDatabase(db: Kysely<Tables>, timeoutMs = 2_000): Promise<DatabaseCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { ok: false, latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}
