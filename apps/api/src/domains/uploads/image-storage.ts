import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** An image file's extension as the storage knows it (the stored, re-encoded type). */
export type StoredExtension = 'png' | 'jpg' | 'webp';

/**
 * Where uploaded images are kept. Keys are made here, never taken from a request, so no user
 * input ever becomes part of a path (security.md §1.7 5.3.2).
 */
export interface ImageStorage {
  /** Stores the bytes under a new random key and returns the key. */
  put(data: Buffer, extension: StoredExtension): Promise<string>;
  /** The bytes under a key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a key; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key with the time it was written (the orphan sweep compares them with the table). */
  list(): Promise<{ key: string; writtenAt: Date }[]>;
}

/** 128 random bits in hex, then the extension: the only shape a key can have. */
const keyPattern = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export const isStorageKey = (key: string) => keyPattern.test(key);

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** Images as files in one directory (`${DATA_DIR}/uploads`), created on first use. */
export function createLocalDiskImageStorage(directory: string): ImageStorage {
  const fileOf = (key: string) => {
    // Keys only ever come from put() through the database; refuse anything else all the same.
    if (!isStorageKey(key)) throw new Error('not an image storage key');
    return path.join(directory, key);
  };

  return {
    async put(data, extension) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const key = `${randomBytes(16).toString('hex')}.${extension}`;
      // wx: never overwrite, even in the (astronomically unlikely) case of a repeated key.
      await writeFile(fileOf(key), data, { flag: 'wx', mode: 0o600 });
      return key;
    },

    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async list() {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const entries = await Promise.all(
        names.filter(isStorageKey).map(async (key) => {
          try {
            return { key, writtenAt: (await stat(fileOf(key))).mtime };
          } catch (error) {
            if (isMissing(error)) return null;
            throw error;
          }
        }),
      );
      return entries.filter((entry) => entry !== null);
    },
  };
}
