import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import { toIsoString } from './timestamps.ts';

/**
 * Where a page of a list, newest first, ended: its last row's time (ISO; of the column the list
 * is ordered by) and id.
 */
export interface PageCursor {
  createdAt: string;
  id: string;
}

/**
 * One page of a table's rows, newest first, after `after`: ordered by created_at then id, both
 * descending, a keyset that stays right while rows are added (an offset would repeat or skip
 * them). `next` is where the following page starts, null on the last. Every tool's list (the
 * gallery, clips, pieces, reads, documents) pages through this. A list of things that change
 * (the writer's documents) is ordered `by` updated_at instead: the last written to comes first.
 */
export async function newestFirstPage<
  DB,
  TB extends keyof DB,
  Row extends { created_at: Date | string; id: string; updated_at?: Date | string },
>(
  query: SelectQueryBuilder<DB, TB, Row>,
  after: PageCursor | null,
  size: number,
  by: 'created_at' | 'updated_at' = 'created_at',
): Promise<{ rows: Row[]; next: PageCursor | null }> {
  const createdAt = sql.ref(by);
  const id = sql.ref('id');
  const from = after
    ? query.where(
        sql<SqlBool>`(${createdAt} < ${after.createdAt} or (${createdAt} = ${after.createdAt} and ${id} < ${after.id}))`,
      )
    : query;
  const rows = await from
    .orderBy(createdAt, 'desc')
    .orderBy(id, 'desc')
    .limit(size + 1)
    .execute();
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const more = rows.length > size && last !== undefined;
  const time =
    last === undefined ? undefined : by === 'updated_at' ? last.updated_at : last.created_at;
  if (more && time === undefined) throw new Error(`A page ordered by ${by} must select it.`);
  return {
    rows: page,
    next: more && time !== undefined ? { createdAt: toIsoString(time), id: last.id } : null,
  };
}

const cursorShape = z.object({ t: z.iso.datetime(), i: z.string().min(1).max(100) });

/** The opaque `cursor` of the next page: base64url JSON of where the last one ended. */
export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.createdAt, i: cursor.id })).toString('base64url');
}

/** The cursor's position, or null when it is not one this API made. */
export function decodePageCursor(text: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString()));
    return parsed.success ? { createdAt: parsed.data.t, id: parsed.data.i } : null;
  } catch {
    return null;
  }
}
