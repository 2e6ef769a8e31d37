import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type ImageLimits, processImage } from './image-processing.ts';
import type { ImageStorage } from './image-storage.ts';
import type { OwnedImage } from './upload-service.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/** The path an upload is served at; what POST /api/chat/upload answers and messages carry. */
export const uploadPathPrefix = '/api/chat/uploads/';
/** 128 random bits, base64url: the id part of an upload URL. */
const uploadIdPattern = /^[A-Za-z0-9_-]{22}$/;

export const isUploadId = (id: string) => uploadIdPattern.test(id);

/** A file younger than this may still be waiting for its row (written first, then recorded). */
const orphanGraceMs = 60 * 60 * 1000;

/**
 * Chat images: checking and storing an upload, serving it to its owner, handing its bytes to a
 * vision model, and removing files whose row is gone (a deleted account takes its rows with it
 * through ON DELETE CASCADE, but the files stay until the sweep finds them).
 */
export function createImageUploads({
  repository,
  storage,
  limits,
  publicUrl,
  log,
  now,
}: {
  repository: UploadsRepository;
  storage: ImageStorage;
  limits: ImageLimits;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  async function readOwned(userId: string, id: string): Promise<OwnedImage | null> {
    if (!isUploadId(id)) return null;
    const upload = await repository.findOwned(userId, id);
    if (!upload) return null;
    const data = await storage.get(upload.storageKey);
    if (!data) {
      log.warn({ event: 'upload_file_missing', uploadId: id }, 'an uploaded file is missing');
      return null;
    }
    return { id: upload.id, mimeType: upload.mimeType, data };
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
      const storageKey = await storage.put(image.data, image.extension);
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
            storageKey,
          },
          now(),
        );
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
      log.info({ event: 'image_uploaded', uploadId: id, bytes: image.data.length }, 'image stored');
      return { imageUrl: `${uploadPathPrefix}${id}` };
    },

    readOwned,

    /** The upload id an image URL names (as a message carries it), or null. */
    idOf: uploadIdOf,

    async resolveOwned(userId: string, imageUrl: string): Promise<OwnedImage | null> {
      const id = uploadIdOf(imageUrl);
      return id === null ? null : readOwned(userId, id);
    },

    /** Deletes stored files that no row points to any more; returns how many. */
    async sweepOrphans(): Promise<number> {
      const cutoff = now().getTime() - orphanGraceMs;
      const candidates = (await storage.list())
        .filter((entry) => entry.writtenAt.getTime() < cutoff)
        .map((entry) => entry.key);
      if (candidates.length === 0) return 0;
      const live = await repository.existingKeys(candidates);
      const orphans = candidates.filter((key) => !live.has(key));
      for (const key of orphans) await storage.delete(key);
      if (orphans.length > 0) {
        log.info(
          { event: 'upload_orphans_removed', count: orphans.length },
          'orphan files removed',
        );
      }
      return orphans.length;
    },
  };
}

export type ImageUploads = ReturnType<typeof createImageUploads>;
