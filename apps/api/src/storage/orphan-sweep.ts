import type { FastifyBaseLogger } from 'fastify';
import { ownerOfKey, purposeOfKey } from './object-keys.ts';
import type { ObjectStore, StoredObject } from './object-store.ts';

/** Which of these keys (all of one purpose) a table still names. */
export type ReferencedKeys = (keys: string[]) => Promise<Set<string>>;

/**
 * The references each purpose registers: the uploads domain answers for `uploads/` keys from
 * its table, and each later tool (images, audio, exports) for its own purpose.
 */
export interface StorageReferences {
  register(purpose: string, referenced: ReferencedKeys): void;
}

/** An object younger than this may still be waiting for its row (written first, then recorded). */
export const orphanGraceMs = 60 * 60 * 1000;

/** Candidates are checked in batches: every driver's parameter limit stays far away. */
const batchSize = 500;

/**
 * The orphan sweep: deletes objects older than the grace period whose owner no longer exists
 * (an account deleted while the store was unreachable) or that no table references (a put whose
 * row was never written, a row deleted without its file). A purpose nobody registered is left
 * alone: without its table there is no telling an orphan from a file in use.
 */
export function createOrphanSweep({
  store,
  existingUserIds,
  log,
  now,
  graceMs = orphanGraceMs,
}: {
  store: ObjectStore;
  existingUserIds: (ids: string[]) => Promise<Set<string>>;
  log: FastifyBaseLogger;
  now: () => Date;
  graceMs?: number;
}) {
  const references = new Map<string, ReferencedKeys>();
  const unregisteredSeen = new Set<string>();

  async function orphansAmong(batch: StoredObject[]): Promise<string[]> {
    const userIds = [
      ...new Set(
        batch
          .map((object) => ownerOfKey(object.key))
          .filter((owner) => owner.startsWith('user:'))
          .map((owner) => owner.slice('user:'.length)),
      ),
    ];
    const liveUsers = userIds.length > 0 ? await existingUserIds(userIds) : new Set<string>();
    const orphans: string[] = [];
    const byPurpose = new Map<string, string[]>();
    for (const { key } of batch) {
      const owner = ownerOfKey(key);
      if (owner !== 'system' && !liveUsers.has(owner.slice('user:'.length))) {
        orphans.push(key);
        continue;
      }
      const purpose = purposeOfKey(key);
      byPurpose.set(purpose, [...(byPurpose.get(purpose) ?? []), key]);
    }
    for (const [purpose, keys] of byPurpose) {
      const referenced = references.get(purpose);
      if (!referenced) {
        if (!unregisteredSeen.has(purpose)) {
          unregisteredSeen.add(purpose);
          log.warn(
            { event: 'storage_sweep_unregistered', purpose },
            'stored objects of a purpose no table registered for the sweep are kept',
          );
        }
        continue;
      }
      const live = await referenced(keys);
      orphans.push(...keys.filter((key) => !live.has(key)));
    }
    return orphans;
  }

  const sweepReferences: StorageReferences = {
    register(purpose, referenced) {
      if (references.has(purpose)) {
        throw new Error(`the references of "${purpose}" objects are already registered`);
      }
      references.set(purpose, referenced);
    },
  };

  return {
    references: sweepReferences,

    /** One pass over the whole store; returns how many objects it deleted. */
    async sweep(): Promise<{ deleted: number }> {
      const cutoff = now().getTime() - graceMs;
      let deleted = 0;
      let batch: StoredObject[] = [];
      const flush = async () => {
        const orphans = await orphansAmong(batch);
        batch = [];
        for (const key of orphans) await store.delete(key);
        deleted += orphans.length;
      };
      for await (const object of store.list()) {
        if (object.writtenAt.getTime() >= cutoff) continue;
        batch.push(object);
        if (batch.length >= batchSize) await flush();
      }
      if (batch.length > 0) await flush();
      if (deleted > 0) {
        log.info({ event: 'storage_orphans_removed', count: deleted }, 'orphan files removed');
      }
      return { deleted };
    },
  };
}

export type OrphanSweep = ReturnType<typeof createOrphanSweep>;
