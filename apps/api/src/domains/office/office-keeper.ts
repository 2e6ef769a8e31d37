import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type OfficeFormat,
  type OfficeOperation,
  type OfficePart,
  officePart,
} from '@studio/contracts';
import type { DocumentModel } from '@studio/documents';
import { z } from 'zod';
import type { ObjectStore } from '../../storage/object-store.ts';
import { storedTypeOf, tablesOf } from './office-files.ts';
import type { OfficeRepository, StoredOfficeDocument } from './office.repository.ts';

/** Where a signed-in user's documents go in the object store: `users/<id>/office/…`. */
export const officePurpose = 'office';
/** A visitor's documents: `system/visitor-office/…`, deleted with their row a day on. */
export const visitorOfficePurpose = 'visitor-office';
/** A file as uploaded, until its read job has looked at it (then kept as a document, or deleted). */
export const incomingOfficePurpose = 'office-incoming';

/** The object store's owner of an office owner's files: the user, or `system` for a visitor. */
export const storageOwnerOf = (owner: string) => (owner.startsWith('user:') ? owner : 'system');

const storedParts = z.array(officePart);

/** A stored object, whole (documents are read whole: the readers need every byte). */
export async function readObject(storage: ObjectStore, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as Readable) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

export interface DocumentToKeep {
  owner: string;
  bytes: Buffer;
  fileName: string;
  format: OfficeFormat;
  model: DocumentModel;
  operation: OfficeOperation;
  sourceId: string | null;
}

/**
 * Keeps documents: the file and, when large, its parts' JSON in the object store, the row in
 * office_documents (a visitor's with the time it goes); and reads a kept document's parts back.
 */
export function createOfficeKeeper(deps: {
  repository: OfficeRepository;
  storage: ObjectStore;
  /** How long a visitor's document is kept. */
  transientLifeMs: number;
  /** Parts' JSON above this many bytes goes to the object store. */
  inlineModelBytes: number;
  now: () => Date;
}) {
  const { storage, repository } = deps;

  return {
    /** The file and its row; whatever was stored goes again when a later step fails. */
    async keep(document: DocumentToKeep): Promise<StoredOfficeDocument> {
      const storageOwner = storageOwnerOf(document.owner);
      const purpose = document.owner.startsWith('user:') ? officePurpose : visitorOfficePurpose;
      const put: string[] = [];
      try {
        const type = storedTypeOf(document.format);
        const file = await storage.put({
          owner: storageOwner,
          purpose,
          ...type,
          body: document.bytes,
          maxBytes: document.bytes.length,
        });
        put.push(file.key);
        const json = JSON.stringify(document.model.parts);
        let modelKey: string | null = null;
        if (Buffer.byteLength(json) > deps.inlineModelBytes) {
          const body = Buffer.from(json, 'utf8');
          const stored = await storage.put({
            owner: storageOwner,
            purpose,
            extension: 'json',
            contentType: 'application/json',
            body,
            maxBytes: body.length,
          });
          put.push(stored.key);
          modelKey = stored.key;
        }
        const parts = document.model.parts;
        const now = deps.now();
        return await repository.insert(
          {
            id: randomBytes(16).toString('base64url'),
            owner: document.owner,
            fileKey: file.key,
            fileName: document.fileName,
            format: document.format,
            bytes: document.bytes.length,
            title: document.model.title,
            parts: parts.length,
            partKind: parts[0]?.ref.kind ?? 'section',
            ocrParts: parts.flatMap((part) => (part.source === 'ocr' ? [part.ref.number] : [])),
            tables: tablesOf(document.model).length,
            operation: document.operation,
            sourceId: document.sourceId,
            modelKey,
            model: modelKey ? null : json,
            expiresAt: document.owner.startsWith('user:')
              ? null
              : new Date(now.getTime() + deps.transientLifeMs).toISOString(),
          },
          now,
        );
      } catch (error) {
        await Promise.all(put.map((key) => storage.delete(key).catch(() => undefined)));
        throw error;
      }
    },

    /** The owner's document and its parts, or null when it is not theirs (or its parts are gone). */
    async withParts(
      owner: string,
      id: string,
    ): Promise<{ document: StoredOfficeDocument; parts: OfficePart[] } | null> {
      const document = await repository.findOwned(owner, id);
      const stored = document ? await repository.modelOf(owner, id) : null;
      if (!document || !stored) return null;
      let json = stored.model;
      if (json === null && stored.modelKey) {
        json = (await readObject(storage, stored.modelKey))?.toString('utf8') ?? null;
      }
      if (json === null) return null;
      const parts = storedParts.safeParse(JSON.parse(json));
      return parts.success ? { document, parts: parts.data } : null;
    },
  };
}

export type OfficeKeeper = ReturnType<typeof createOfficeKeeper>;
