import { randomBytes } from 'node:crypto';
import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { isObjectKey } from '../../storage/object-keys.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { type ImageLimits, processImage } from './image-processing.ts';
import type { OwnedImage } from './upload-service.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/** The path an upload is served at; what POST /api/chat/upload answers and messages carry. */
export const uploadPathPrefix = '/api/chat/uploads/';
/** 128 random bits, base64url: the id part of an upload URL. */
const uploadIdPattern = /^[A-Za-z0-9_-]{22}$/;

export const isUploadId = (id: string) => uploadIdPattern.test(id);

/** The object store's purpose for chat images: `users/<id>/uploads/…`. */
export const uploadsPurpose = 'uploads';

/** Before the one storage module, images were flat files `<32 hex>.<ext>` in DATA_DIR/uploads. */
const legacyKeyPattern = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

const mimeTypes = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Chat images: checking and storing an upload in the object store, finding the stored object of
 * an upload its owner asks for, handing its bytes to a vision model, and moving the images kept
 * before the object store into it. A deleted account's images go with its objects
 * (deleteOwner); the orphan sweep asks `referencedKeys` which keys still have a row.
 */
export function createImageUploads({
  repository,
  store,
  limits,
  publicUrl,
  log,
  now,
}: {
  repository: UploadsRepository;
  store: ObjectStore;
  limits: ImageLimits;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  // A re-encoded image can outgrow its upload (a photo saved as PNG), never its raw pixels.
  const storedMaxBytes = limits.maxPixels * 4 + 1024 * 1024;

  /** The upload if `userId` owns it and its file is in the object store. */
  async function findOwned(userId: string, id: string) {
    if (!isUploadId(id)) return null;
    const upload = await repository.findOwned(userId, id);
    if (!upload) return null;
    if (!isObjectKey(upload.storageKey)) {
      // An earlier flat file the start-up move could not take yet (it tries again next start).
      log.warn({ event: 'upload_not_moved', uploadId: id }, 'an upload is not in the object store');
      return null;
    }
    return upload;
  }

  /** The stored object of an upload `userId` owns; someone else's is as absent as an unknown one. */
  async function ownedKey(userId: string, id: string): Promise<string | null> {
    return (await findOwned(userId, id))?.storageKey ?? null;
  }

  async function readOwned(userId: string, id: string): Promise<OwnedImage | null> {
    const upload = await findOwned(userId, id);
    if (!upload) return null;
    const object = await store.get(upload.storageKey);
    if (!object) {
      log.warn({ event: 'upload_file_missing', uploadId: id }, 'an uploaded file is missing');
      return null;
    }
    return { id: upload.id, mimeType: upload.mimeType, data: await buffer(object.body) };
  }

  /** The upload id in a URL this API handed out (a path, or the same path on PUBLIC_URL). */
  function uploadIdOf(imageUrl: string): string | null {
    let url: URL;
    try {
      url = new URL(imageUrl, publicUrl);
    } catch {
      return null;
    }
    if (url.origin !== new URL(publicUrl).origin || url.search || url.hash) return null;
    if (!url.pathname.startsWith(uploadPathPrefix)) return null;
    const id = url.pathname.slice(uploadPathPrefix.length);
    return isUploadId(id) ? id : null;
  }

  return {
    /** Checks, re-encodes and stores an image for `userId`; returns the URL it is served at. */
    async store(userId: string, input: Buffer): Promise<{ imageUrl: string }> {
      const image = await processImage(input, limits);
      const stored = await store.put({
        owner: `user:${userId}`,
        purpose: uploadsPurpose,
        extension: image.extension,
        contentType: image.mimeType,
        body: image.data,
        maxBytes: storedMaxBytes,
      });
      const id = randomBytes(16).toString('base64url');
      try {
        await repository.insert(
          {
            id,
            userId,
            mimeType: image.mimeType,
            width: image.width,
            height: image.height,
            bytes: image.data.length,
            storageKey: stored.key,
          },
          now(),
        );
      } catch (error) {
        await store.delete(stored.key);
        throw error;
      }
      log.info({ event: 'image_uploaded', uploadId: id, bytes: image.data.length }, 'image stored');
      return { imageUrl: `${uploadPathPrefix}${id}` };
    },

    ownedKey,

    readOwned,

    /** The upload id an image URL names (as a message carries it), or null. */
    idOf: uploadIdOf,

    async resolveOwned(userId: string, imageUrl: string): Promise<OwnedImage | null> {
      const id = uploadIdOf(imageUrl);
      return id === null ? null : readOwned(userId, id);
    },

    /** Which of these keys still have a row (the orphan sweep's question for `uploads`). */
    referencedKeys: (keys: string[]) => repository.existingKeys(keys),

    /**
     * Moves the images kept before the object store (flat files in `legacyDir`, named by their
     * row) into it, once: each is put under its owner, its row pointed at the new key, and the
     * old file removed. Another process doing the same at once loses the row update and deletes
     * its copy. Files without a row are left for the operator. Returns how many moved.
     */
    async migrateLegacyFiles(legacyDir: string): Promise<number> {
      const names = await readdir(legacyDir).catch(() => [] as string[]);
      const legacyKeys = names.filter((name) => legacyKeyPattern.test(name));
      if (legacyKeys.length === 0) return 0;
      let moved = 0;
      for (const row of await repository.findByKeys(legacyKeys)) {
        const extension = row.storageKey.slice(row.storageKey.indexOf('.') + 1) as
          'png' | 'jpg' | 'webp';
        const file = path.join(legacyDir, row.storageKey);
        const data = await readFile(file);
        const stored = await store.put({
          owner: `user:${row.userId}`,
          purpose: uploadsPurpose,
          extension,
          contentType: mimeTypes[extension],
          body: data,
          maxBytes: Math.max(storedMaxBytes, data.length),
        });
        if (await repository.replaceKey(row.id, row.storageKey, stored.key)) {
          await unlink(file).catch(() => undefined);
          moved += 1;
        } else {
          await store.delete(stored.key);
        }
      }
      if (moved > 0) {
        log.info({ event: 'uploads_migrated', count: moved }, 'images moved into the object store');
      }
      return moved;
    },
  };
}

export type ImageUploads = ReturnType<typeof createImageUploads>;
