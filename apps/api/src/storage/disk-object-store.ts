import { createWriteStream } from 'node:fs';
import {
  access,
  constants,
  mkdir,
  open,
  opendir,
  readdir,
  rename,
  rm,
  stat,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { checkedContentType, contentTypeOf } from './content-types.ts';
import { limitedBody } from './limited-body.ts';
import { extensionOfKey, isObjectKey, newObjectKey, ownerPrefix } from './object-keys.ts';
import {
  type ObjectStore,
  ObjectStoreUnavailableError,
  ObjectTooLargeError,
  type StoredObject,
} from './object-store.ts';
import { resolveRange } from './ranges.ts';

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';

const isMissing = (error: unknown) => codeOf(error) === 'ENOENT';

/** Where unfinished puts are written before their rename: never listed, never served. */
const incomingDir = '.incoming';

/**
 * Objects as files under one directory (`STORAGE_DISK_DIR`, by default `DATA_DIR/files`), the
 * key's slashes as subdirectories. A put is written to `.incoming/` and renamed into place only
 * once complete, so a failed or refused put leaves nothing under a key. The content type comes
 * from the extension (content-types.ts), so there is no second file per object.
 */
/** An unfinished put older than this was cut short by a crash: its file is removed. */
const staleIncomingMs = 60 * 60 * 1000;

export function createDiskObjectStore({ directory }: { directory: string }): ObjectStore {
  let incomingCleaned: Promise<void> | null = null;
  /** Once per process, before its first put: what a crash left in `.incoming/` goes. */
  const cleanIncoming = async () => {
    const folder = path.join(directory, incomingDir);
    const names = await readdir(folder).catch(() => [] as string[]);
    const cutoff = Date.now() - staleIncomingMs;
    for (const name of names) {
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true }).catch(() => undefined);
    }
  };

  const fileOf = (key: string) => {
    // Keys only ever come from put() through a table; refuse anything else all the same.
    if (!isObjectKey(key)) throw new Error('not an object store key');
    return path.join(directory, ...key.split('/'));
  };

  /** A disk that cannot be written (full, read-only, no permission) is an unavailable store. */
  const unavailable = (error: unknown) =>
    new ObjectStoreUnavailableError(
      `The file storage directory cannot be used (${codeOf(error) || 'unknown error'}).`,
      { cause: error },
    );

  const storedOf = (key: string, size: number, writtenAt: Date): StoredObject => ({
    key,
    size,
    writtenAt,
    contentType: contentTypeOf(extensionOfKey(key)) ?? 'application/octet-stream',
  });

  async function* walk(relative: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await opendir(path.join(directory, relative));
    } catch (error) {
      if (isMissing(error)) return;
      throw unavailable(error);
    }
    for await (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        yield* walk(key);
      } else if (entry.isFile() && isObjectKey(key)) {
        try {
          const info = await stat(path.join(directory, key));
          yield storedOf(key, info.size, info.mtime);
        } catch (error) {
          if (!isMissing(error)) throw unavailable(error);
        }
      }
    }
  }

  const store: ObjectStore = {
    backend: 'disk',

    async put({ owner, purpose, extension, contentType, body, maxBytes }) {
      const key = newObjectKey(owner, purpose, extension);
      checkedContentType(extension, contentType);
      const limited = limitedBody(body, maxBytes);
      const file = fileOf(key);
      const temporary = path.join(
        directory,
        incomingDir,
        `${randomBytes(16).toString('hex')}.part`,
      );
      incomingCleaned ??= cleanIncoming();
      await incomingCleaned;
      try {
        await mkdir(path.dirname(temporary), { recursive: true, mode: 0o700 });
        // wx: never overwrite, even in the (astronomically unlikely) case of a repeated name.
        await pipeline(limited.stream, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await rename(temporary, file);
        const info = await stat(file);
        return storedOf(key, info.size, info.mtime);
      } catch (error) {
        limited.discard();
        await rm(temporary, { force: true }).catch(() => undefined);
        if (limited.exceeded() || error instanceof ObjectTooLargeError) {
          throw new ObjectTooLargeError(maxBytes);
        }
        if (codeOf(error)) throw unavailable(error);
        throw error;
      }
    },

    async get(key, range) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error);
      }
      try {
        // Opened first, then measured: a delete in between cannot make the answer lie.
        const info = await handle.stat();
        const sent = range ? resolveRange(range, info.size) : null;
        const body = handle.createReadStream(
          sent ? { start: sent.start, end: sent.end, autoClose: true } : { autoClose: true },
        );
        return { ...storedOf(key, info.size, info.mtime), body, range: sent };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async head(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        return storedOf(key, info.size, info.mtime);
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error);
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw unavailable(error);
      }
    },

    list(owner) {
      if (owner === undefined) {
        return (async function* () {
          yield* walk('users');
          yield* walk('system');
        })();
      }
      return walk(ownerPrefix(owner).slice(0, -1));
    },

    async deleteOwner(owner) {
      let count = 0;
      for await (const object of store.list(owner)) {
        await store.delete(object.key);
        count += 1;
      }
      // The owner's now empty folders; a put racing in re-creates what it needs.
      if (owner !== 'system') {
        await rm(path.join(directory, ownerPrefix(owner)), { recursive: true, force: true });
      }
      return count;
    },

    async ping() {
      try {
        await mkdir(directory, { recursive: true, mode: 0o700 });
        await access(directory, constants.W_OK);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async close() {},
  };
  return store;
}
