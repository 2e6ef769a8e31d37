import type { ImageAspectRatio, ImageMode, ImageStylePreset, ImageTool } from '@studio/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { keysNamedIn } from '../../db/storage-keys.ts';
import type { ImagesTable, Tables } from '../../db/tables.ts';
import { newestFirstPage, type PageCursor } from '../../db/newest-first-page.ts';
import { toIsoString } from '../../db/timestamps.ts';

/** One stored image of a user's gallery, as the domain sees it. */
export interface StoredImage {
  id: string;
  userId: string;
  jobId: string;
  index: number;
  tool: ImageTool;
  mode: ImageMode;
  prompt: string;
  negativePrompt: string | null;
  modelId: string;
  modelName: string;
  seed: number | null;
  aspectRatio: ImageAspectRatio;
  style: ImageStylePreset | null;
  width: number;
  height: number;
  parentId: string | null;
  storageKey: string;
  /** ISO 8601. */
  createdAt: string;
}

export type NewImage = Omit<StoredImage, 'createdAt'>;

/** Where a gallery page starts: after this (created_at, id), newest first. */
export type GalleryCursor = PageCursor;

/** How deep the family walk goes at most (a chain longer than this is cut, not looped over). */
const maxFamilyDepth = 500;

function toImage(row: Selectable<ImagesTable>): StoredImage {
  return {
    id: row.id,
    userId: row.user_id,
    jobId: row.job_id,
    index: row.idx,
    tool: row.tool as ImageTool,
    mode: row.mode as ImageMode,
    prompt: row.prompt,
    negativePrompt: row.negative_prompt,
    modelId: row.model_id,
    modelName: row.model_name,
    seed: row.seed === null ? null : Number(row.seed),
    aspectRatio: row.aspect_ratio as ImageAspectRatio,
    style: row.style as ImageStylePreset | null,
    width: row.width,
    height: row.height,
    parentId: row.parent_id,
    storageKey: row.storage_key,
    createdAt: toIsoString(row.created_at),
  };
}

/** The images table: every query names its owner, so another user's image is never found. */
export function createImagesRepository(db: Kysely<Tables>) {
  return {
    /** A job's images, all or none (one transaction). */
    async insertMany(images: NewImage[], now: Date): Promise<StoredImage[]> {
      if (images.length === 0) return [];
      const createdAt = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('images')
          .values(
            images.map((image) => ({
              id: image.id,
              user_id: image.userId,
              job_id: image.jobId,
              idx: image.index,
              tool: image.tool,
              mode: image.mode,
              prompt: image.prompt,
              negative_prompt: image.negativePrompt,
              model_id: image.modelId,
              model_name: image.modelName,
              seed: image.seed,
              aspect_ratio: image.aspectRatio,
              style: image.style,
              width: image.width,
              height: image.height,
              parent_id: image.parentId,
              storage_key: image.storageKey,
              created_at: createdAt,
            })),
          )
          .execute();
      });
      return images.map((image) => ({ ...image, createdAt }));
    },

    /** One page of the user's gallery, newest first; `next` is where the following page starts. */
    async page(
      userId: string,
      after: GalleryCursor | null,
      size: number,
    ): Promise<{ images: StoredImage[]; next: GalleryCursor | null }> {
      const { rows, next } = await newestFirstPage(
        db.selectFrom('images').selectAll().where('user_id', '=', userId),
        after,
        size,
      );
      return { images: rows.map(toImage), next };
    },

    /** The image if `userId` owns it; another user's is as absent as an unknown one. */
    async findOwned(userId: string, id: string): Promise<StoredImage | null> {
      const row = await db
        .selectFrom('images')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toImage(row) : null;
    },

    /** Deletes the owner's image; returns its storage key (null when not theirs or gone). */
    async deleteOwned(userId: string, id: string): Promise<string | null> {
      const row = await db
        .deleteFrom('images')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('storage_key')
        .executeTakeFirst();
      return row?.storage_key ?? null;
    },

    /**
     * The tree `id` belongs to: its root ancestor, then every descendant of that root, parents
     * before children (by depth, then age). Null when the image is not the user's. One recursive
     * query up and one down, on both databases; each bounded by depth.
     */
    async family(
      userId: string,
      id: string,
    ): Promise<{ rootId: string; images: StoredImage[] } | null> {
      const up = await sql<{ id: string; parent_id: string | null; depth: number }>`
        with recursive ancestors(id, parent_id, depth) as (
          select id, parent_id, 0 from images where id = ${id} and user_id = ${userId}
          union all
          select i.id, i.parent_id, a.depth + 1
          from images i join ancestors a on i.id = a.parent_id
          where i.user_id = ${userId} and a.depth < ${maxFamilyDepth}
        )
        select id, parent_id, depth from ancestors order by depth desc
      `.execute(db);
      const root = up.rows[0];
      if (!root) return null;
      const down = await sql<{ id: string; depth: number }>`
        with recursive descendants(id, depth) as (
          select id, 0 from images where id = ${root.id} and user_id = ${userId}
          union all
          select i.id, d.depth + 1
          from images i join descendants d on i.parent_id = d.id
          where i.user_id = ${userId} and d.depth < ${maxFamilyDepth}
        )
        select id, depth from descendants
      `.execute(db);
      const depthOf = new Map(down.rows.map((row) => [row.id, Number(row.depth)]));
      const rows = await this.findManyOwned(userId, [...depthOf.keys()]);
      rows.sort(
        (a, b) =>
          (depthOf.get(a.id) ?? 0) - (depthOf.get(b.id) ?? 0) ||
          a.createdAt.localeCompare(b.createdAt) ||
          a.index - b.index,
      );
      return { rootId: root.id, images: rows };
    },

    /** The user's images among these ids. */
    async findManyOwned(userId: string, ids: string[]): Promise<StoredImage[]> {
      const found: StoredImage[] = [];
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await db
          .selectFrom('images')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
        found.push(...rows.map(toImage));
      }
      return found;
    },

    /** Which of these storage keys still have a row (the orphan sweep's question for `images`). */
    existingKeys: (keys: string[]) => keysNamedIn(db, 'images', keys),
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
